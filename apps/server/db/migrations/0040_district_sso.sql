-- Issue 30 (ADR 0052): sign-in providers per district, domain claims, SSO links, pending
-- approvals and SCIM 2.0 provisioning.
CREATE TABLE "district_sso" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"slug" text,
	"kind" text DEFAULT 'oidc' NOT NULL,
	"issuer" text DEFAULT '' NOT NULL,
	"oidc_client_id" text DEFAULT '' NOT NULL,
	"client_secret" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"tested_at" timestamp with time zone,
	"tested_email" text,
	"require_sso" boolean DEFAULT false NOT NULL,
	"break_glass_user_id" integer,
	"provisioning" text DEFAULT 'link' NOT NULL,
	"default_role_id" smallint,
	"default_building_id" integer,
	"scim_token_hash" text,
	"scim_token_created_at" timestamp with time zone,
	"group_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "district_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"domain" text NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_links" (
	"client_id" integer NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_links_client_id_issuer_subject_pk" PRIMARY KEY("client_id","issuer","subject")
);
--> statement-breakpoint
CREATE TABLE "sso_pending" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scim_users" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scim_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"display_name" text NOT NULL,
	"external_id" text,
	"members" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oidc_states" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "oidc_states" ADD COLUMN "purpose" text DEFAULT 'signin' NOT NULL;--> statement-breakpoint
ALTER TABLE "oidc_states" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "oidc_states" ADD COLUMN "config_version" integer;--> statement-breakpoint
ALTER TABLE "district_sso" ADD CONSTRAINT "district_sso_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_sso" ADD CONSTRAINT "district_sso_break_glass_user_id_users_id_fk" FOREIGN KEY ("break_glass_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_sso" ADD CONSTRAINT "district_sso_default_building_id_buildings_id_fk" FOREIGN KEY ("default_building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_domains" ADD CONSTRAINT "district_domains_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_links" ADD CONSTRAINT "sso_links_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_links" ADD CONSTRAINT "sso_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_pending" ADD CONSTRAINT "sso_pending_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_users" ADD CONSTRAINT "scim_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_users" ADD CONSTRAINT "scim_users_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_groups" ADD CONSTRAINT "scim_groups_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "district_sso_slug_uq" ON "district_sso" USING btree (lower("slug"));--> statement-breakpoint
CREATE UNIQUE INDEX "district_sso_scim_token_uq" ON "district_sso" USING btree ("scim_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "district_domains_client_domain_uq" ON "district_domains" USING btree ("client_id",lower("domain"));--> statement-breakpoint
CREATE UNIQUE INDEX "district_domains_verified_uq" ON "district_domains" USING btree (lower("domain")) WHERE "district_domains"."verified_at" is not null;--> statement-breakpoint
CREATE INDEX "sso_links_user_idx" ON "sso_links" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_pending_identity_uq" ON "sso_pending" USING btree ("client_id","issuer","subject");--> statement-breakpoint
CREATE INDEX "scim_users_client_idx" ON "scim_users" USING btree ("client_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scim_groups_client_name_uq" ON "scim_groups" USING btree ("client_id",lower("display_name"));--> statement-breakpoint
CREATE TRIGGER "district_sso_version" BEFORE UPDATE ON "district_sso" FOR EACH ROW EXECUTE FUNCTION "sv_bump_version"('tested_at', 'tested_email', 'scim_token_hash', 'scim_token_created_at');
