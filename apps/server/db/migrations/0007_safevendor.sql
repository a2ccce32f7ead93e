CREATE TABLE "vendor_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"code" text NOT NULL,
	"dd_username" text DEFAULT '' NOT NULL,
	"in_arrest_watch" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registrations" ALTER COLUMN "registration_type_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "vendor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "vendor_company_id" integer;--> statement-breakpoint
ALTER TABLE "vendor_companies" ADD CONSTRAINT "vendor_companies_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_companies_client_code_uq" ON "vendor_companies" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "vendor_companies_client_idx" ON "vendor_companies" USING btree ("client_id","is_active",lower("name"));--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_vendor_company_id_vendor_companies_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registrations_vendor_company_idx" ON "registrations" USING btree ("vendor_company_id","approved") WHERE "registrations"."vendor_company_id" is not null;--> statement-breakpoint
CREATE INDEX "registrations_client_vendor_name_idx" ON "registrations" USING btree ("client_id","vendor",lower("lastname") text_pattern_ops,lower("firstname") text_pattern_ops);--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_owner_ck" CHECK (("registrations"."vendor" and "registrations"."vendor_company_id" is not null and "registrations"."registration_type_id" is null) or (not "registrations"."vendor" and "registrations"."registration_type_id" is not null and "registrations"."vendor_company_id" is null));