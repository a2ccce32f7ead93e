-- Issue 25 (audit 001 N1/ST3/B4, ADR 0038): an expiring registration invites its person to renew.
-- renewal_of_id names the registration an invitation renews; unique, so however many servers run
-- the hourly sweep a registration is invited to renew at most once.
ALTER TABLE "registration_invitations" ADD COLUMN "renewal_of_id" integer;--> statement-breakpoint
ALTER TABLE "registration_invitations" ADD CONSTRAINT "registration_invitations_renewal_of_id_registrations_id_fk" FOREIGN KEY ("renewal_of_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registration_invitations_renewal_of_uq" ON "registration_invitations" USING btree ("renewal_of_id");--> statement-breakpoint
CREATE INDEX "registrations_renewal_of_idx" ON "registrations" USING btree ("renewal_of_id") WHERE "registrations"."renewal_of_id" is not null;--> statement-breakpoint
-- SafeVendor renewals (ADR 0038): a vendor's renewal invitation is to its company's public form.
ALTER TABLE "registration_invitations" ALTER COLUMN "registration_type_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "registration_invitations" ADD COLUMN "vendor_company_id" integer;--> statement-breakpoint
ALTER TABLE "registration_invitations" ADD CONSTRAINT "registration_invitations_vendor_company_id_vendor_companies_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_invitations" ADD CONSTRAINT "registration_invitations_owner_ck" CHECK (("registration_invitations"."registration_type_id" is not null) <> ("registration_invitations"."vendor_company_id" is not null));
