ALTER TABLE "visitors" ADD COLUMN "first_key" text;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "last_key" text;--> statement-breakpoint
ALTER TABLE "exclusions" ADD COLUMN "first_key" text;--> statement-breakpoint
ALTER TABLE "exclusions" ADD COLUMN "last_key" text;--> statement-breakpoint
CREATE INDEX "visitors_identity_idx" ON "visitors" USING btree ("client_id","last_key","first_key","dob");--> statement-breakpoint
CREATE INDEX "exclusions_first_key_idx" ON "exclusions" USING btree ("client_id","first_key");--> statement-breakpoint
CREATE INDEX "exclusions_last_key_idx" ON "exclusions" USING btree ("client_id","last_key");