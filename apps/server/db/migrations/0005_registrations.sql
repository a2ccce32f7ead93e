CREATE TABLE "arrest_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"match_ref" text NOT NULL,
	"level" smallint NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"suspends" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"run_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "arrest_watch_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"cursor" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"alerts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_buildings" (
	"registration_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	CONSTRAINT "registration_buildings_registration_id_building_id_pk" PRIMARY KEY("registration_id","building_id")
);
--> statement-breakpoint
CREATE TABLE "registration_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"registration_type_id" integer NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"requested_exp_date" date,
	"token_hash" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminder_at" timestamp with time zone,
	"warnings_cancelled_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"registration_id" integer,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"registration_type_id" integer NOT NULL,
	"visitor_id" integer,
	"firstname" text NOT NULL,
	"middlename" text DEFAULT '' NOT NULL,
	"lastname" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"dob" date,
	"street1" text DEFAULT '' NOT NULL,
	"street2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zipcode" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"photo_file_id" uuid,
	"approved" boolean,
	"under_review" boolean DEFAULT false NOT NULL,
	"exp_date" date,
	"dd_status" smallint,
	"dd_reference" text,
	"has_state_check" boolean DEFAULT false NOT NULL,
	"has_state_issues" boolean DEFAULT false NOT NULL,
	"has_conviction" boolean DEFAULT false NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signature" jsonb,
	"source" text DEFAULT 'admin' NOT NULL,
	"invitation_id" integer,
	"renewal_of_id" integer,
	"badge_code" text NOT NULL,
	"email_warnings" boolean DEFAULT false NOT NULL,
	"expiration_email_sent_at" timestamp with time zone,
	"suspended_at" timestamp with time zone,
	"suspended_reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"badge_printed_at" timestamp with time zone,
	"watched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "arrest_alerts" ADD CONSTRAINT "arrest_alerts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrest_alerts" ADD CONSTRAINT "arrest_alerts_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrest_alerts" ADD CONSTRAINT "arrest_alerts_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_buildings" ADD CONSTRAINT "registration_buildings_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_buildings" ADD CONSTRAINT "registration_buildings_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_invitations" ADD CONSTRAINT "registration_invitations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_invitations" ADD CONSTRAINT "registration_invitations_registration_type_id_registration_types_id_fk" FOREIGN KEY ("registration_type_id") REFERENCES "public"."registration_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_invitations" ADD CONSTRAINT "registration_invitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_registration_type_id_registration_types_id_fk" FOREIGN KEY ("registration_type_id") REFERENCES "public"."registration_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "arrest_alerts_match_uq" ON "arrest_alerts" USING btree ("registration_id","match_ref");--> statement-breakpoint
CREATE INDEX "arrest_alerts_client_idx" ON "arrest_alerts" USING btree ("client_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "registration_invitations_token_uq" ON "registration_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "registration_invitations_open_uq" ON "registration_invitations" USING btree ("registration_type_id","dedupe_key") WHERE "registration_invitations"."answered_at" is null;--> statement-breakpoint
CREATE INDEX "registration_invitations_due_idx" ON "registration_invitations" USING btree ("sent_at") WHERE "registration_invitations"."answered_at" is null and "registration_invitations"."warnings_cancelled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_badge_code_uq" ON "registrations" USING btree ("badge_code");--> statement-breakpoint
CREATE INDEX "registrations_client_status_idx" ON "registrations" USING btree ("client_id","approved","exp_date");--> statement-breakpoint
CREATE INDEX "registrations_client_last_first_idx" ON "registrations" USING btree ("client_id",lower("lastname") text_pattern_ops,lower("firstname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "registrations_client_first_idx" ON "registrations" USING btree ("client_id",lower("firstname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "registrations_client_email_idx" ON "registrations" USING btree ("client_id",lower("email"));--> statement-breakpoint
CREATE INDEX "registrations_type_idx" ON "registrations" USING btree ("registration_type_id","approved");--> statement-breakpoint
CREATE INDEX "registrations_visitor_idx" ON "registrations" USING btree ("visitor_id") WHERE "registrations"."visitor_id" is not null;--> statement-breakpoint
CREATE INDEX "registrations_watch_idx" ON "registrations" USING btree ("id") WHERE "registrations"."approved" = true;--> statement-breakpoint
CREATE INDEX "visits_registration_idx" ON "visits" USING btree ("registration_id","check_in") WHERE "visits"."registration_id" is not null;