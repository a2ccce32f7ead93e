ALTER TABLE "registrations" ADD COLUMN "dd_provider" text;--> statement-breakpoint
UPDATE "clients" SET "background_settings" = jsonb_set("background_settings", '{provider}', to_jsonb(CASE WHEN "is_demo" THEN 'demo' WHEN coalesce("background_settings"->>'endpointUrl', '') <> '' THEN 'http' ELSE 'none' END));--> statement-breakpoint
UPDATE "registrations" SET "dd_provider" = 'demo' WHERE "dd_status" IS NOT NULL AND "client_id" IN (SELECT "id" FROM "clients" WHERE "is_demo");
