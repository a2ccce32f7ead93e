import { createArrestWatchRepository } from './features/arrest-watch/arrest-watch.repository';
import { createArrestWatchService } from './features/arrest-watch/arrest-watch.service';
import { createAuthRepository } from './features/auth/auth.repository';
import { createAuthService } from './features/auth/auth.service';
import { createImpersonationRepository } from './features/auth/impersonation.repository';
import { createImpersonationService } from './features/auth/impersonation.service';
import { createMicrosoftRepository } from './features/auth/microsoft.repository';
import { createMicrosoftService } from './features/auth/microsoft.service';
import { createSsoRepository } from './features/auth/sso.repository';
import { createSsoService } from './features/auth/sso.service';
import { createScimRepository, createScimService } from './features/scim/index';
import { createPasswordRepository } from './features/auth/password.repository';
import { createPasswordService } from './features/auth/password.service';
import { createBuildingsRepository } from './features/buildings/buildings.repository';
import { createBuildingsService } from './features/buildings/buildings.service';
import { createClientsRepository } from './features/clients/clients.repository';
import { createClientsService } from './features/clients/clients.service';
import { createContactsRepository } from './features/contacts/contacts.repository';
import { createContactsService } from './features/contacts/contacts.service';
import { createDemoDataService } from './features/demo-data/demo-data.service';
import { createDenialsRepository } from './features/denials/denials.repository';
import { createDenialsService } from './features/denials/denials.service';
import { createEmergencyRepository } from './features/emergency/emergency.repository';
import { createEmergencyService } from './features/emergency/emergency.service';
import { createEmergencyRosterRepository } from './features/emergency/emergency-roster.repository';
import { createEmergencyStatesRepository } from './features/emergency/emergency-states.repository';
import { createEmergencyStatesService } from './features/emergency/emergency-states.service';
import { createEventsRepository } from './features/events/events.repository';
import { createEventsService } from './features/events/events.service';
import { createExclusionsRepository } from './features/exclusions/exclusions.repository';
import { createExclusionsService } from './features/exclusions/exclusions.service';
import { createImportsRepository } from './features/imports/imports.repository';
import { createImportsService } from './features/imports/imports.service';
import { inviteToRenewNow } from './features/invitations/invitations.jobs';
import type { RequestCtx } from './platform/http/request-context';
import { createInvitationsRepository } from './features/invitations/invitations.repository';
import { createInvitationsService } from './features/invitations/invitations.service';
import { createKioskRepository } from './features/kiosk/kiosk.repository';
import { createKioskService } from './features/kiosk/kiosk.service';
import { createLogsRepository } from './features/logs/logs.repository';
import { createLogsService } from './features/logs/logs.service';
import { createNearbyRepository } from './features/nearby/nearby.repository';
import { createNearbyService } from './features/nearby/nearby.service';
import { createAuditRepository } from './features/audit/audit.repository';
import { createAuditService } from './features/audit/audit.service';
import { createRetentionRepository, createRetentionService } from './features/retention/index';
import { createVisitorWordingRepository, createVisitorWordingService } from './features/visitor-wording/index';
import { createReunificationRepository } from './features/reunification/reunification.repository';
import { createReunificationService } from './features/reunification/reunification.service';
import { createPersonRecordsRepository, createPersonRecordsService } from './features/person-records/index';
import { createApiKeysRepository, createApiKeysService } from './features/api-keys/index';
import { createWebhooksRepository, createWebhooksService } from './features/webhooks/index';
import { createOutboxRepository } from './features/outbox/outbox.repository';
import { createOutboxService } from './features/outbox/outbox.service';
import { createPreRegistrationsRepository } from './features/preregistrations/preregistrations.repository';
import { createPreRegistrationsService } from './features/preregistrations/preregistrations.service';
import { createPublicRegistrationRepository } from './features/public-registration/public-registration.repository';
import { createPublicRegistrationService } from './features/public-registration/public-registration.service';
import { createRegisteredEntryRepository } from './features/registered-entry/registered-entry.repository';
import { createRegisteredEntryService } from './features/registered-entry/registered-entry.service';
import { createRegTypesRepository } from './features/registration-types/registration-types.repository';
import { createRegTypesService } from './features/registration-types/registration-types.service';
import { createRegistrationsRepository } from './features/registrations/registrations.repository';
import { createRegistrationsService } from './features/registrations/registrations.service';
import { createRegistryRepository } from './features/registry/registry.repository';
import { createRegistryService } from './features/registry/registry.service';
import { createVendorCompaniesRepository } from './features/safevendor/safevendor.repository';
import { createSvRegistrationsService, createVendorCompaniesService } from './features/safevendor/safevendor.service';
import { createScreeningRepository } from './features/screening/screening.repository';
import { createScreeningService } from './features/screening/screening.service';
import { createSettingsService } from './features/settings/settings.service';
import { createStatesRepository } from './features/states/states.repository';
import { createStatesService } from './features/states/states.service';
import { createStudentReasonsRepository } from './features/student-reasons/student-reasons.repository';
import { createStudentReasonsService } from './features/student-reasons/student-reasons.service';
import { createRosterSyncRepository } from './features/students/roster-sync.repository';
import { createStudentsRepository } from './features/students/students.repository';
import { createStudentsService } from './features/students/students.service';
import { createUsersRepository } from './features/users/users.repository';
import { createUsersService } from './features/users/users.service';
import { createVisitorMergeRepository } from './features/visitors/visitor-merge.repository';
import { createVisitorsRepository } from './features/visitors/visitors.repository';
import { createVisitorsService } from './features/visitors/visitors.service';
import { createVisitsRepository } from './features/visits/visits.repository';
import { createVisitsService } from './features/visits/visits.service';
import type { AppDeps } from './platform/deps';
import { createHostsRepository } from './features/hosts/hosts.repository';
import { createHostsService } from './features/hosts/hosts.service';
import { createVisitorPassesRepository } from './features/visitor-passes/visitor-passes.repository';
import { registerVisitorPassesImport } from './features/visitor-passes/visitor-passes.import';
import { createVisitorPassesService } from './features/visitor-passes/visitor-passes.service';
import { createHttpChatWebhookClient, createLocalChatWebhookClient } from './integrations/chat-webhook/chat-webhook';

/**
 * Every repository, each built once on the app's database (issue 24 §1, ADR 0030). A repository
 * is stateless over its handle; a use case that must run a repository's own transaction inside
 * the caller's builds one on that transaction instead (the architecture test allows exactly that).
 */
export function createRepositories(deps: AppDeps) {
  const { db } = deps;
  return {
    arrestWatch: createArrestWatchRepository(db),
    auth: createAuthRepository(db),
    buildings: createBuildingsRepository(db),
    clients: createClientsRepository(db),
    contacts: createContactsRepository(db),
    denials: createDenialsRepository(db),
    emergency: createEmergencyRepository(db),
    emergencyStates: createEmergencyStatesRepository(db),
    emergencyRoster: createEmergencyRosterRepository(db),
    events: createEventsRepository(db),
    exclusions: createExclusionsRepository(db),
    impersonation: createImpersonationRepository(db),
    imports: createImportsRepository(db, deps.now),
    invitations: createInvitationsRepository(db),
    kiosk: createKioskRepository(db),
    logs: createLogsRepository(db),
    microsoft: createMicrosoftRepository(db),
    sso: createSsoRepository(db),
    scim: createScimRepository(db),
    nearby: createNearbyRepository(db),
    audit: createAuditRepository(db),
    retention: createRetentionRepository(db),
    visitorWording: createVisitorWordingRepository(db),
    reunification: createReunificationRepository(db),
    personRecords: createPersonRecordsRepository(db),
    apiKeys: createApiKeysRepository(db),
    webhooks: createWebhooksRepository(db),
    outbox: createOutboxRepository(db),
    password: createPasswordRepository(db),
    preRegistrations: createPreRegistrationsRepository(db),
    publicRegistration: createPublicRegistrationRepository(db),
    registeredEntry: createRegisteredEntryRepository(db),
    registrationTypes: createRegTypesRepository(db),
    registry: createRegistryRepository(db),
    rosterSync: createRosterSyncRepository(db),
    screening: createScreeningRepository(db),
    states: createStatesRepository(db),
    studentReasons: createStudentReasonsRepository(db),
    students: createStudentsRepository(db),
    users: createUsersRepository(db),
    vendorCompanies: createVendorCompaniesRepository(db),
    /** SafeVendor registrations (ADR 0014): the registrations table's vendor rows */
    vendorRegistrations: createRegistrationsRepository(db, 'vendor'),
    visitorMerge: createVisitorMergeRepository(db),
    visitors: createVisitorsRepository(db),
    visits: createVisitsRepository(db),
    /** volunteer registrations (spec 001) */
    volunteerRegistrations: createRegistrationsRepository(db, 'volunteer'),
    // issue 28 §1–4 (ADR 0053)
    hosts: createHostsRepository(db),
    visitorPasses: createVisitorPassesRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

/**
 * The composition root (issue 24 §1, ADR 0030): every service is built here, once per app, from
 * `AppDeps` and the repositories, in dependency order, and handed to the route registrations
 * (features/index.ts) and to the scheduled jobs (scheduled-jobs.ts). A service receives what it
 * uses as arguments and never builds another service or a repository itself
 * (architecture.unit.test.ts fails otherwise). One instance per service also means one of each
 * in-process guard (the arrest-watch run guard, a service's idempotency and rate limits).
 */
export function createServices(deps: AppDeps, repositories: Repositories = createRepositories(deps)) {
  const r = repositories;
  /** the office's renewal invitation, for both registration engines (issue 25, ADR 0038) */
  const renewals = {
    inviteNow: (ctx: RequestCtx, registrationId: number) => inviteToRenewNow(deps, r.invitations, ctx, registrationId),
  };

  // accounts and district setup
  const auth = createAuthService(deps, { repo: r.auth });
  const clients = createClientsService(deps, { repo: r.clients });
  const imports = createImportsService(deps, { repo: r.imports });

  // the admission gate and the desk (ADR 0008): screening → registered entry → visits → visitors
  const screening = createScreeningService(deps, {
    repo: r.screening,
    exclusionsRepo: r.exclusions,
    emergencyStates: r.emergencyStates,
  });
  const registeredEntry = createRegisteredEntryService(deps, {
    repo: r.registeredEntry,
    visitors: r.visitors,
    visits: r.visits,
  });
  // issue 28 §1–4 (ADR 0053): hosts told through Teams / Slack (CHAT_WEBHOOKS=local keeps them in memory)
  const hosts = createHostsService(deps, {
    repo: r.hosts,
    chat:
      deps.config.CHAT_WEBHOOKS === 'local'
        ? createLocalChatWebhookClient()
        : createHttpChatWebhookClient({ allowLoopback: deps.config.CHAT_WEBHOOK_ALLOW_LOOPBACK }),
    allowLoopbackWebhooks: deps.config.CHAT_WEBHOOK_ALLOW_LOOPBACK,
  });
  const visits = createVisitsService(deps, {
    repo: r.visits,
    screening,
    registeredEntry,
    nearbyRepo: r.nearby,
    hostNotices: hosts,
  });
  const visitors = createVisitorsService(deps, {
    repo: r.visitors,
    mergeRepo: r.visitorMerge,
    visitsRepo: r.visits,
    visitsService: visits,
    registeredEntry,
  });
  const denials = createDenialsService(deps, { repo: r.denials, visitsRepo: r.visits, visitorsRepo: r.visitors });
  const preRegistrations = createPreRegistrationsService(deps, {
    repo: r.preRegistrations,
    visitsRepo: r.visits,
    visitorsRepo: r.visitors,
    visits,
    screening,
    denials,
  });
  const students = createStudentsService(deps, {
    repo: r.students,
    screeningRepo: r.screening,
    screening,
    rosterSync: r.rosterSync,
    denials,
  });
  const visitorPasses = createVisitorPassesService(deps, {
    repo: r.visitorPasses,
    cards: r.preRegistrations,
    visitorsRepo: r.visitors,
    hostsRepo: r.hosts,
    visits,
    screening,
  });
  // issue 28 §2: group invitations go through the one import pipeline and this service's invite
  registerVisitorPassesImport(deps, visitorPasses);

  return {
    repositories,
    arrestWatch: createArrestWatchService(deps, { repo: r.arrestWatch }),
    auth,
    buildings: createBuildingsService(deps, { repo: r.buildings }),
    clients,
    contacts: createContactsService(deps, { repo: r.contacts }),
    demoData: createDemoDataService(deps),
    denials,
    emergency: createEmergencyService(deps, { repo: r.emergency }),
    emergencyStates: createEmergencyStatesService(deps, {
      repo: r.emergencyStates,
      contactsRepo: r.emergency,
      rosterRepo: r.emergencyRoster,
    }),
    events: createEventsService(deps, { repo: r.events }),
    exclusions: createExclusionsService(deps, { repo: r.exclusions }),
    impersonation: createImpersonationService(deps, { repo: r.impersonation }),
    imports,
    invitations: createInvitationsService(deps, { repo: r.invitations, imports: r.imports }),
    kiosk: createKioskService(deps, {
      repo: r.kiosk,
      cards: r.preRegistrations,
      visitorsRepo: r.visitors,
      visitors,
      visits,
      screening,
      registeredEntry,
      studentsService: students,
      studentsRepo: r.students,
      reasonsRepo: r.studentReasons,
      emergencyStates: r.emergencyStates,
      hostsRepo: r.hosts,
    }),
    logs: createLogsService(deps, { repo: r.logs }),
    microsoft: createMicrosoftService(deps, { repo: r.microsoft, auth }),
    sso: createSsoService(deps, { repo: r.sso, auth }),
    scim: createScimService(deps, { repo: r.scim }),
    nearby: createNearbyService(deps, { repo: r.nearby }),
    audit: createAuditService(deps, { repo: r.audit }),
    retention: createRetentionService(deps, { repo: r.retention }),
    visitorWording: createVisitorWordingService(deps, { repo: r.visitorWording, clients: r.clients }),
    reunification: createReunificationService(deps, { repo: r.reunification, students }),
    personRecords: createPersonRecordsService(deps, { repo: r.personRecords }),
    apiKeys: createApiKeysService(deps, { repo: r.apiKeys }),
    webhooks: createWebhooksService(deps, { repo: r.webhooks }),
    outbox: createOutboxService(deps, { repo: r.outbox }),
    password: createPasswordService(deps, { repo: r.password }),
    preRegistrations,
    publicRegistration: createPublicRegistrationService(deps, {
      repo: r.publicRegistration,
      invitations: r.invitations,
    }),
    registeredEntry,
    registrationTypes: createRegTypesService(deps, { repo: r.registrationTypes }),
    registrations: createRegistrationsService(deps, {
      repo: r.volunteerRegistrations,
      exclusionsRepo: r.exclusions,
      nearbyRepo: r.nearby,
      renewals,
    }),
    registry: createRegistryService(deps, { repo: r.registry }),
    screening,
    settings: createSettingsService(deps, { clients }),
    states: createStatesService(deps, { repo: r.states }),
    studentReasons: createStudentReasonsService(deps, { repo: r.studentReasons, clients: r.clients }),
    students,
    svRegistrations: createSvRegistrationsService(deps, {
      repo: r.vendorRegistrations,
      exclusionsRepo: r.exclusions,
      nearbyRepo: r.nearby,
      renewals,
    }),
    users: createUsersService(deps, { repo: r.users }),
    vendorCompanies: createVendorCompaniesService(deps, { repo: r.vendorCompanies }),
    visitors,
    visits,
    hosts,
    visitorPasses,
  };
}
export type Services = ReturnType<typeof createServices>;
