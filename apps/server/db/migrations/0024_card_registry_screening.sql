ALTER TABLE "pre_registrations" ADD COLUMN "registry_screened_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "prereg_registry_unscreened_idx" ON "pre_registrations" USING btree ("visit_date") WHERE "pre_registrations"."registry_screened_at" is null;
