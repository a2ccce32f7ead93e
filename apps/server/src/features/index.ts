import type { AppDeps } from '../platform/deps';
import type { ZodApp } from '../platform/http/zod-app';
import { authRoutes } from './auth/auth.routes';
import { buildingsRoutes } from './buildings/buildings.routes';
import { contactsRoutes } from './contacts/contacts.routes';
import { impersonationRoutes } from './auth/impersonation.routes';
import { microsoftRoutes } from './auth/microsoft.routes';
import { passwordRoutes } from './auth/password.routes';
import { emergencyRoutes } from './emergency/emergency.routes';
import { outboxRoutes } from './outbox/outbox.routes';
import { denialsRoutes } from './denials/denials.routes';
import { preRegistrationsRoutes } from './preregistrations/preregistrations.routes';
import { eventsRoutes } from './events/events.routes';
import { healthRoutes } from './health/health.routes';
import { importsRoutes } from './imports/imports.routes';
import { statesRoutes } from './states/states.routes';
import { visitorsRoutes } from './visitors/visitors.routes';
import { visitsRoutes } from './visits/visits.routes';
import { usersRoutes } from './users/users.routes';
import { exclusionsRoutes } from './exclusions/exclusions.routes';
import { filesRoutes } from './files/files.routes';
import { clientsRoutes } from './clients/clients.routes';
import { settingsRoutes } from './settings/settings.routes';
import { studentReasonsRoutes } from './student-reasons/student-reasons.routes';
import { studentsRoutes } from './students/students.routes';
import { kioskRoutes } from './kiosk/kiosk.routes';
import { screeningRoutes } from './screening/screening.routes';
import { registryRoutes } from './registry/registry.routes';
import { logsRoutes } from './logs/logs.routes';
import { nearbyRoutes } from './nearby/nearby.routes';
import { registeredEntryRoutes } from './registered-entry/registered-entry.routes';
import { arrestWatchRoutes } from './arrest-watch/arrest-watch.routes';
import { registrationTypesRoutes } from './registration-types/registration-types.routes';
import { registrationsRoutes } from './registrations/registrations.routes';
import { invitationsRoutes } from './invitations/invitations.routes';
import { publicRegistrationRoutes } from './public-registration/public-registration.routes';
import { safeVendorRoutes } from './safevendor/safevendor.routes';
import { demoDataRoutes } from './demo-data/demo-data.routes';
import type { Services } from '../composition';

/**
 * Every feature module, registered in one list. A new feature adds one line here and an
 * row per route in its own <feature>.authz.ts (the matrix test in test/authz fails otherwise).
 * Routes receive the app's services, each built once in the composition root (composition.ts,
 * issue 24 §1): a route file builds none.
 */
export async function registerFeatures(app: ZodApp, deps: AppDeps, s: Services) {
  await healthRoutes(app, deps);
  await authRoutes(app, deps, s.auth, s.demoData);
  await demoDataRoutes(app, deps, s.demoData);
  await passwordRoutes(app, deps, s.password);
  await microsoftRoutes(app, deps, s.microsoft);
  await impersonationRoutes(app, deps, s.impersonation);
  await emergencyRoutes(app, deps, s.emergency);
  await outboxRoutes(app, deps, s.outbox);
  await statesRoutes(app, deps, s.states);
  await importsRoutes(app, deps, s.imports);
  await eventsRoutes(app, deps, s.events);
  await visitsRoutes(app, deps, s.visits);
  await visitorsRoutes(app, deps, s.visitors);
  await denialsRoutes(app, deps, s.denials);
  await preRegistrationsRoutes(app, deps, s.preRegistrations);
  await buildingsRoutes(app, deps, s.buildings, s.contacts);
  await contactsRoutes(app, deps, s.contacts);
  await usersRoutes(app, deps, s.users);
  await exclusionsRoutes(app, deps, s.exclusions);
  await filesRoutes(app, deps);
  await clientsRoutes(app, deps, s.clients);
  await settingsRoutes(app, deps, s.settings);
  await studentReasonsRoutes(app, deps, s.studentReasons);
  await screeningRoutes(app, deps, s.screening);
  await registryRoutes(app, deps, s.registry, s.arrestWatch);
  await logsRoutes(app, deps, s.logs);
  await nearbyRoutes(app, deps, s.nearby);
  await registrationTypesRoutes(app, deps, s.registrationTypes);
  await registrationsRoutes(app, deps, s.registrations);
  await safeVendorRoutes(app, deps, { companies: s.vendorCompanies, service: s.svRegistrations });
  await arrestWatchRoutes(app, deps, s.arrestWatch);
  await registeredEntryRoutes(app, deps, s.registeredEntry);
  await invitationsRoutes(app, deps, { invitations: s.invitations, imports: s.imports });
  await publicRegistrationRoutes(app, deps, s.publicRegistration);
  await studentsRoutes(app, deps, s.students);
  await kioskRoutes(app, deps, s.kiosk);
}
