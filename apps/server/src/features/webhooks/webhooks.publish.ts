import { randomUUID } from 'node:crypto';
import type { TWebhookEvent } from '@sv/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { webhookDeliveries, webhookSubscriptions } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';

/**
 * One event of a district for its webhooks (issue 28 §5, ADR 0051). `data` carries ids only;
 * `names` the people's and buildings' names, added for subscriptions that send names.
 */
export interface WebhookEventInput {
  type: TWebhookEvent;
  clientId: number;
  data: Record<string, unknown>;
  names?: Record<string, unknown>;
  occurredAt?: Date;
}

/**
 * The INSERT of one event's deliveries: one row per active subscription of the district that asked
 * for the event, with the body fixed now (the same event id for every receiver). Values are SQL so
 * that a statement built once (check-in's) can pass placeholders and the new row's id.
 */
export function webhookDeliveriesInsert(e: {
  type: SQL;
  clientId: SQL;
  eventId: SQL;
  occurredAt: SQL;
  data: SQL;
  names: SQL;
  /** more FROM items (the check-in's new visit) */
  from?: SQL;
}): SQL {
  const s = webhookSubscriptions;
  return sql`insert into ${webhookDeliveries} (client_id, subscription_id, event_id, event_type, body)
    select s.client_id, s.id, cast(${e.eventId} as uuid), cast(${e.type} as text),
           jsonb_build_object('id', cast(${e.eventId} as text), 'type', cast(${e.type} as text),
             'occurredAt', cast(${e.occurredAt} as text), 'clientId', s.client_id,
             'data', case when s.personal_data = 'names' then ${e.data} || ${e.names} else ${e.data} end)::text
      from ${s} s${e.from ? sql`, ${e.from}` : sql``}
     where s.client_id = cast(${e.clientId} as int) and s.active and cast(${e.type} as text) = any(s.events)
    on conflict do nothing`;
}

/**
 * Publishes an event from the ONE place where the thing happens, inside its transaction (ADR
 * 0051): the deliveries are written with the change or not at all, and the delivery job sends
 * each once (webhooks.delivery.ts). Returns the event id.
 */
export async function publishWebhook(tx: Db, event: WebhookEventInput): Promise<string> {
  const eventId = randomUUID();
  await tx.execute(
    webhookDeliveriesInsert({
      type: sql`${event.type}`,
      clientId: sql`${event.clientId}`,
      eventId: sql`${eventId}`,
      occurredAt: sql`${(event.occurredAt ?? new Date()).toISOString()}`,
      data: sql`cast(${JSON.stringify(event.data)} as jsonb)`,
      names: sql`cast(${JSON.stringify(event.names ?? {})} as jsonb)`,
    }),
  );
  return eventId;
}
