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
import { createDemoDataService } from './demo-data/demo-data.service';

/**
 * Every feature module, registered in one list. A new feature adds one line here and an
 * row per route in its own <feature>.authz.ts (the matrix test in test/authz fails otherwise).
 */
export async function registerFeatures(app: ZodApp, deps: AppDeps) {
  // services shared by several features' routes, built once here
  const demoData = createDemoDataService(deps);
  await healthRoutes(app, deps);
  await authRoutes(app, deps, demoData);
  await demoDataRoutes(app, deps, demoData);
  await passwordRoutes(app, deps);
  await microsoftRoutes(app, deps);
  await impersonationRoutes(app, deps);
  await emergencyRoutes(app, deps);
  await outboxRoutes(app, deps);
  await statesRoutes(app, deps);
  await importsRoutes(app, deps);
  await eventsRoutes(app, deps);
  await visitsRoutes(app, deps);
  await visitorsRoutes(app, deps);
  await denialsRoutes(app, deps);
  await preRegistrationsRoutes(app, deps);
  await buildingsRoutes(app, deps);
  await contactsRoutes(app, deps);
  await usersRoutes(app, deps);
  await exclusionsRoutes(app, deps);
  await filesRoutes(app, deps);
  await clientsRoutes(app, deps);
  await settingsRoutes(app, deps);
  await studentReasonsRoutes(app, deps);
  await screeningRoutes(app, deps);
  await registryRoutes(app, deps);
  await logsRoutes(app, deps);
  await nearbyRoutes(app, deps);
  await registrationTypesRoutes(app, deps);
  await registrationsRoutes(app, deps);
  await safeVendorRoutes(app, deps);
  await arrestWatchRoutes(app, deps);
  await registeredEntryRoutes(app, deps);
  await invitationsRoutes(app, deps);
  await publicRegistrationRoutes(app, deps);
  await studentsRoutes(app, deps);
  await kioskRoutes(app, deps);
}
