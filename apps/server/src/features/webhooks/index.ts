/** Webhooks of a district (issue 28 §5, ADR 0051): publish from where things happen, deliver through the job queue. */
export { publishWebhook, webhookDeliveriesInsert, type WebhookEventInput } from './webhooks.publish';
export { deliverWebhooks, signWebhook } from './webhooks.delivery';
export { webhooksJobs } from './webhooks.jobs';
export { createWebhooksRepository, type WebhooksRepository } from './webhooks.repository';
export { createWebhooksService, type WebhooksService } from './webhooks.service';
export { webhooksRoutes } from './webhooks.routes';
