ALTER TABLE "pre_registrations" ADD COLUMN "first_key" text;--> statement-breakpoint
ALTER TABLE "pre_registrations" ADD COLUMN "last_key" text;--> statement-breakpoint
ALTER TABLE "pre_registrations" ADD COLUMN "flagged" boolean;--> statement-breakpoint
ALTER TABLE "pre_registrations" ADD COLUMN "flag_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "prereg_client_first_key_idx" ON "pre_registrations" USING btree ("client_id","first_key","visit_date");--> statement-breakpoint
CREATE INDEX "prereg_client_last_key_idx" ON "pre_registrations" USING btree ("client_id","last_key","visit_date");--> statement-breakpoint
CREATE INDEX "prereg_client_flagged_idx" ON "pre_registrations" USING btree ("client_id","visit_date") WHERE "pre_registrations"."flagged" = true;--> statement-breakpoint
CREATE INDEX "prereg_unscreened_idx" ON "pre_registrations" USING btree ("visit_date") WHERE "pre_registrations"."flagged" is null;
