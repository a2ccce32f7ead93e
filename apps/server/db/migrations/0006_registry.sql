CREATE TABLE "cleared_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"visitor_id" integer NOT NULL,
	"source" text NOT NULL,
	"match_ref" text NOT NULL,
	"cleared_by" integer,
	"cleared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registry_addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offender_id" bigint NOT NULL,
	"type" text DEFAULT 'R' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"county" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"lon" double precision
);
--> statement-breakpoint
CREATE TABLE "registry_names" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offender_id" bigint NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"middle_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"suffix" text DEFAULT '' NOT NULL,
	"last_key" text NOT NULL,
	"first_key" text NOT NULL,
	"last_soundex" text NOT NULL,
	"first_soundex" text NOT NULL,
	"birth_year" smallint
);
--> statement-breakpoint
CREATE TABLE "registry_offenders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"jurisdiction" text DEFAULT '' NOT NULL,
	"dob" date,
	"birth_year" smallint,
	"gender" text DEFAULT '' NOT NULL,
	"absconder" boolean DEFAULT false NOT NULL,
	"photo_url" text,
	"offender_uri" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cleared_matches" ADD CONSTRAINT "cleared_matches_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cleared_matches" ADD CONSTRAINT "cleared_matches_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cleared_matches" ADD CONSTRAINT "cleared_matches_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_addresses" ADD CONSTRAINT "registry_addresses_offender_id_registry_offenders_id_fk" FOREIGN KEY ("offender_id") REFERENCES "public"."registry_offenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_names" ADD CONSTRAINT "registry_names_offender_id_registry_offenders_id_fk" FOREIGN KEY ("offender_id") REFERENCES "public"."registry_offenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cleared_matches_uq" ON "cleared_matches" USING btree ("client_id","visitor_id","source","match_ref");--> statement-breakpoint
CREATE INDEX "registry_addresses_offender_idx" ON "registry_addresses" USING btree ("offender_id");--> statement-breakpoint
CREATE INDEX "registry_names_last_sx_year_idx" ON "registry_names" USING btree ("last_soundex","birth_year");--> statement-breakpoint
CREATE INDEX "registry_names_first_sx_year_idx" ON "registry_names" USING btree ("first_soundex","birth_year");--> statement-breakpoint
CREATE INDEX "registry_names_last_key_idx" ON "registry_names" USING btree ("last_key");--> statement-breakpoint
CREATE INDEX "registry_names_offender_idx" ON "registry_names" USING btree ("offender_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registry_offenders_source_ext_uq" ON "registry_offenders" USING btree ("source","external_id");