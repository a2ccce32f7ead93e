import { apiKeys, webhookDeliveries, webhookSubscriptions } from '../../db/schema/index';
import type { SeedTenantB } from '../../test/authz/canary';

/**
 * Issue 28 §5 rows of tenant B (South Valley) for the canary test: an API key, a webhook
 * subscription (turned off) and one of its deliveries. The canary seeder then overwrites their
 * text columns with CANARY-B strings; none may reach a principal of tenant A.
 */
export const seedTenantB: SeedTenantB = async ({ world, deps }) => {
  const clientId = world.south.clientId;
  const createdBy = world.users['admin.south@demo.test'];
  await deps.db
    .insert(apiKeys)
    .values({ clientId, name: 'South key', prefix: 'sv_south', keyHash: `south-${crypto.randomUUID()}`, createdBy });
  const [sub] = await deps.db
    .insert(webhookSubscriptions)
    .values({
      clientId,
      url: 'https://south.example/hook',
      description: 'South receiver',
      events: ['visit.checked_in'],
      secret: 'sealed-south',
      active: false,
      createdBy,
    })
    .returning({ id: webhookSubscriptions.id });
  await deps.db.insert(webhookDeliveries).values({
    clientId,
    subscriptionId: sub!.id,
    eventId: crypto.randomUUID(),
    eventType: 'visit.checked_in',
    body: '{"south":true}',
    status: 'failed',
    lastResponse: 'south answer',
  });
};
