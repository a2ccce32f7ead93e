CREATE TABLE "buildings" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"street1" text DEFAULT '' NOT NULL,
	"street2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zipcode" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"radius" integer,
	"note" text DEFAULT '' NOT NULL,
	"time_zone" text DEFAULT 'America/Chicago' NOT NULL,
	"printer_ip_address" text DEFAULT '' NOT NULL,
	"visitor_printer_ip_address" text DEFAULT '' NOT NULL,
	"scan_with_camera" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"student_id_label" text DEFAULT '' NOT NULL,
	"show_kiosk_student_check_in" boolean DEFAULT true NOT NULL,
	"student_check_in_btn" text DEFAULT '' NOT NULL,
	"require_kiosk_student_photo_check_in" boolean DEFAULT true NOT NULL,
	"show_kiosk_student_check_out" boolean DEFAULT true NOT NULL,
	"student_check_out_btn" text DEFAULT '' NOT NULL,
	"require_kiosk_student_photo_check_out" boolean DEFAULT true NOT NULL,
	"require_kiosk_visitor_photo_check_in" boolean DEFAULT true NOT NULL,
	"require_kiosk_volunteer_photo_check_in" boolean DEFAULT true NOT NULL,
	"require_kiosk_visitor_badge_print" boolean DEFAULT true NOT NULL,
	"require_kiosk_volunteer_badge_print" boolean DEFAULT true NOT NULL,
	"require_attendant_visitor_photo_check_in" boolean DEFAULT true NOT NULL,
	"require_attendant_volunteer_photo_check_in" boolean DEFAULT true NOT NULL,
	"require_attendant_visitor_badge_print" boolean DEFAULT true NOT NULL,
	"require_attendant_volunteer_badge_print" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"street1" text DEFAULT '' NOT NULL,
	"street2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zipcode" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"kiosk_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"background_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"background_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"building_id" integer,
	"contact_type" text DEFAULT 'Building' NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"confidence_level_notification" text,
	"confidence_level_badge" text,
	"receives_emergency" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"abbreviation" text NOT NULL,
	CONSTRAINT "states_abbreviation_unique" UNIQUE("abbreviation")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text,
	"role_id" smallint NOT NULL,
	"client_id" integer,
	"building_id" integer,
	"homepage" text DEFAULT '/' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"elevated_reports" boolean DEFAULT false NOT NULL,
	"scan_with_camera" boolean DEFAULT false NOT NULL,
	"oidc_tenant_id" text,
	"oidc_object_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_states" (
	"state" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"return_to" text DEFAULT '/' NOT NULL,
	"kiosk" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"csrf_token" text NOT NULL,
	"signed_in_with" text DEFAULT 'password' NOT NULL,
	"impersonator_id" integer,
	"impersonation_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"impersonator_id" integer,
	"client_id" integer,
	"building_id" integer,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"request_id" text,
	"ip" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbound_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"kind" text DEFAULT 'general' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "import_error_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" integer,
	"created_by" integer NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"building_id" integer,
	"title" text DEFAULT '' NOT NULL,
	"firstname" text NOT NULL,
	"middlename" text DEFAULT '' NOT NULL,
	"lastname" text NOT NULL,
	"suffix" text DEFAULT '' NOT NULL,
	"dob" date,
	"sex" text DEFAULT '' NOT NULL,
	"eye" text DEFAULT '' NOT NULL,
	"hair" text DEFAULT '' NOT NULL,
	"height" text DEFAULT '' NOT NULL,
	"weight" text DEFAULT '' NOT NULL,
	"race" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"street1" text DEFAULT '' NOT NULL,
	"street2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zipcode" text DEFAULT '' NOT NULL,
	"county" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"current_drivers_license_number" text DEFAULT '' NOT NULL,
	"license_state" text DEFAULT '' NOT NULL,
	"photo_file_id" uuid,
	"search_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exclusions" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"building_id" integer,
	"is_global" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"visitor_id" integer,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"dob" date NOT NULL,
	"exclusion_type" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"photo_file_id" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"is_excused" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"visitor_id" integer NOT NULL,
	"code" text NOT NULL,
	"person_visiting" text DEFAULT '' NOT NULL,
	"visitor_type" text DEFAULT 'visitor' NOT NULL,
	"photo_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"printed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "denied_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"visitor_id" integer NOT NULL,
	"attendant_id" integer,
	"denied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exclusion_count" smallint DEFAULT 0 NOT NULL,
	"potential_count" smallint DEFAULT 0 NOT NULL,
	"watchdog_count" smallint DEFAULT 0 NOT NULL,
	"security_notified" boolean DEFAULT false NOT NULL,
	"pre_registration_id" integer
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "pre_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"visitor_id" integer,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"dob" date,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"visit_date" date NOT NULL,
	"visiting" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"visitor_type" text DEFAULT 'visitor' NOT NULL,
	"notify_email" text DEFAULT '' NOT NULL,
	"notify_sms" text DEFAULT '' NOT NULL,
	"bg_results" boolean,
	"issues" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"temp_photo_file_id" uuid,
	"temp_photo_at" timestamp with time zone,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"import_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text DEFAULT 'visitor' NOT NULL,
	"label" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"visitor_id" integer NOT NULL,
	"badge_id" integer,
	"visitor_type" text DEFAULT 'visitor' NOT NULL,
	"check_in" timestamp with time zone DEFAULT now() NOT NULL,
	"check_out" timestamp with time zone,
	"checked_in_by" integer,
	"checked_out_by" integer,
	"check_out_method" text,
	"reason" text DEFAULT '' NOT NULL,
	"visit_reason_id" integer,
	"person_visiting" text DEFAULT '' NOT NULL,
	"duration_begin" timestamp with time zone,
	"allowed_minutes" integer,
	"badge_proxy" boolean DEFAULT false NOT NULL,
	"via_kiosk" boolean DEFAULT false NOT NULL,
	"registration_id" integer,
	"sv_registration_id" integer,
	"pre_registration_id" integer
);
--> statement-breakpoint
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
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusions" ADD CONSTRAINT "exclusions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusions" ADD CONSTRAINT "exclusions_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusions" ADD CONSTRAINT "exclusions_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusions" ADD CONSTRAINT "exclusions_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusions" ADD CONSTRAINT "exclusions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_reasons" ADD CONSTRAINT "student_reasons_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "denied_entries" ADD CONSTRAINT "denied_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "denied_entries" ADD CONSTRAINT "denied_entries_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "denied_entries" ADD CONSTRAINT "denied_entries_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "denied_entries" ADD CONSTRAINT "denied_entries_attendant_id_users_id_fk" FOREIGN KEY ("attendant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registrations" ADD CONSTRAINT "pre_registrations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registrations" ADD CONSTRAINT "pre_registrations_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registrations" ADD CONSTRAINT "pre_registrations_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registrations" ADD CONSTRAINT "pre_registrations_temp_photo_file_id_files_id_fk" FOREIGN KEY ("temp_photo_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_reasons" ADD CONSTRAINT "visit_reasons_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_checked_out_by_users_id_fk" FOREIGN KEY ("checked_out_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_visit_reason_id_visit_reasons_id_fk" FOREIGN KEY ("visit_reason_id") REFERENCES "public"."visit_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cleared_matches" ADD CONSTRAINT "cleared_matches_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cleared_matches" ADD CONSTRAINT "cleared_matches_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cleared_matches" ADD CONSTRAINT "cleared_matches_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_addresses" ADD CONSTRAINT "registry_addresses_offender_id_registry_offenders_id_fk" FOREIGN KEY ("offender_id") REFERENCES "public"."registry_offenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_names" ADD CONSTRAINT "registry_names_offender_id_registry_offenders_id_fk" FOREIGN KEY ("offender_id") REFERENCES "public"."registry_offenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buildings_client_idx" ON "buildings" USING btree ("client_id","active");--> statement-breakpoint
CREATE INDEX "buildings_name_idx" ON "buildings" USING btree ("client_id","name");--> statement-breakpoint
CREATE INDEX "clients_active_idx" ON "clients" USING btree ("active");--> statement-breakpoint
CREATE INDEX "clients_name_idx" ON "clients" USING btree ("name");--> statement-breakpoint
CREATE INDEX "contacts_client_idx" ON "contacts" USING btree ("client_id","active");--> statement-breakpoint
CREATE INDEX "contacts_building_idx" ON "contacts" USING btree ("building_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_uq" ON "users" USING btree ("oidc_tenant_id","oidc_object_id");--> statement-breakpoint
CREATE INDEX "users_client_idx" ON "users" USING btree ("client_id","role_id","active");--> statement-breakpoint
CREATE INDEX "users_building_idx" ON "users" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "password_tokens_user_idx" ON "password_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "audit_client_at_idx" ON "audit_events" USING btree ("client_id","at");--> statement-breakpoint
CREATE INDEX "audit_actor_at_idx" ON "audit_events" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE INDEX "audit_action_idx" ON "audit_events" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "outbound_client_idx" ON "outbound_messages" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "outbound_status_idx" ON "outbound_messages" USING btree ("status");--> statement-breakpoint
CREATE INDEX "import_error_files_expires_idx" ON "import_error_files" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "visitors_client_idx" ON "visitors" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "visitors_search_trgm_idx" ON "visitors" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "visitors_client_last_first_idx" ON "visitors" USING btree ("client_id",lower("lastname"),lower("firstname"));--> statement-breakpoint
CREATE INDEX "visitors_license_idx" ON "visitors" USING btree ("client_id","current_drivers_license_number") WHERE "visitors"."current_drivers_license_number" <> '';--> statement-breakpoint
CREATE INDEX "visitors_client_dob_idx" ON "visitors" USING btree ("client_id","dob");--> statement-breakpoint
CREATE INDEX "files_client_idx" ON "files" USING btree ("client_id","kind");--> statement-breakpoint
CREATE INDEX "exclusions_client_active_idx" ON "exclusions" USING btree ("client_id","active");--> statement-breakpoint
CREATE INDEX "exclusions_first_idx" ON "exclusions" USING btree ("client_id",lower("firstname"));--> statement-breakpoint
CREATE INDEX "exclusions_last_idx" ON "exclusions" USING btree ("client_id",lower("lastname"));--> statement-breakpoint
CREATE INDEX "exclusions_dob_idx" ON "exclusions" USING btree ("client_id","dob");--> statement-breakpoint
CREATE INDEX "exclusions_visitor_idx" ON "exclusions" USING btree ("visitor_id") WHERE "exclusions"."visitor_id" is not null;--> statement-breakpoint
CREATE INDEX "exclusions_building_idx" ON "exclusions" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "student_reasons_client_idx" ON "student_reasons" USING btree ("client_id","kind","active","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "badges_code_uq" ON "badges" USING btree ("code");--> statement-breakpoint
CREATE INDEX "badges_visitor_idx" ON "badges" USING btree ("visitor_id","created_at");--> statement-breakpoint
CREATE INDEX "denied_building_at_idx" ON "denied_entries" USING btree ("building_id","denied_at");--> statement-breakpoint
CREATE INDEX "denied_client_at_idx" ON "denied_entries" USING btree ("client_id","denied_at");--> statement-breakpoint
CREATE INDEX "idempotency_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "prereg_building_date_idx" ON "pre_registrations" USING btree ("building_id","visit_date","status");--> statement-breakpoint
CREATE UNIQUE INDEX "prereg_import_key_uq" ON "pre_registrations" USING btree ("building_id","import_key");--> statement-breakpoint
CREATE INDEX "visit_reasons_client_idx" ON "visit_reasons" USING btree ("client_id","kind","active");--> statement-breakpoint
CREATE UNIQUE INDEX "visits_one_open_per_visitor_uq" ON "visits" USING btree ("visitor_id") WHERE "visits"."check_out" IS NULL;--> statement-breakpoint
CREATE INDEX "visits_building_open_idx" ON "visits" USING btree ("building_id","check_in") WHERE "visits"."check_out" IS NULL;--> statement-breakpoint
CREATE INDEX "visits_building_checkin_idx" ON "visits" USING btree ("building_id","check_in");--> statement-breakpoint
CREATE INDEX "visits_client_checkin_idx" ON "visits" USING btree ("client_id","check_in");--> statement-breakpoint
CREATE INDEX "visits_visitor_idx" ON "visits" USING btree ("visitor_id","check_in");--> statement-breakpoint
CREATE UNIQUE INDEX "cleared_matches_uq" ON "cleared_matches" USING btree ("client_id","visitor_id","source","match_ref");--> statement-breakpoint
CREATE INDEX "registry_addresses_offender_idx" ON "registry_addresses" USING btree ("offender_id");--> statement-breakpoint
CREATE INDEX "registry_names_last_sx_year_idx" ON "registry_names" USING btree ("last_soundex","birth_year");--> statement-breakpoint
CREATE INDEX "registry_names_first_sx_year_idx" ON "registry_names" USING btree ("first_soundex","birth_year");--> statement-breakpoint
CREATE INDEX "registry_names_last_key_idx" ON "registry_names" USING btree ("last_key");--> statement-breakpoint
CREATE INDEX "registry_names_offender_idx" ON "registry_names" USING btree ("offender_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registry_offenders_source_ext_uq" ON "registry_offenders" USING btree ("source","external_id");