CREATE TABLE "dropoff_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"student_name" text NOT NULL,
	"reason_id" integer NOT NULL,
	"reason" text NOT NULL,
	"is_excused" boolean NOT NULL,
	"attendant_id" integer,
	"dropped_off_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guardians" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"source" text DEFAULT 'sis' NOT NULL,
	"sourced_id" text,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"dob" date,
	"visitor_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"guardian_id" integer NOT NULL,
	"kind" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer
);
--> statement-breakpoint
CREATE TABLE "pickup_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"guardian_id" integer NOT NULL,
	"student_name" text NOT NULL,
	"guardian_name" text NOT NULL,
	"reason_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"photo_file_id" uuid NOT NULL,
	"authorization_id" integer NOT NULL,
	"screening_id" uuid NOT NULL,
	"path" text DEFAULT 'desk' NOT NULL,
	"attendant_id" integer,
	"picked_up_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sis_schools" (
	"client_id" integer NOT NULL,
	"sourced_id" text NOT NULL,
	"name" text NOT NULL,
	"building_id" integer,
	CONSTRAINT "sis_schools_client_id_sourced_id_pk" PRIMARY KEY("client_id","sourced_id")
);
--> statement-breakpoint
CREATE TABLE "sis_sync_state" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"cursor" timestamp with time zone,
	"pass_since" timestamp with time zone,
	"pass_resource" text DEFAULT 'users' NOT NULL,
	"pass_offset" integer DEFAULT 0 NOT NULL,
	"pass_max" timestamp with time zone,
	"status" text DEFAULT 'idle' NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"students_synced" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sis_writebacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"event_kind" text NOT NULL,
	"event_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "student_guardians" (
	"student_id" integer NOT NULL,
	"guardian_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "student_guardians_student_id_guardian_id_pk" PRIMARY KEY("student_id","guardian_id")
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"building_id" integer,
	"sourced_id" text NOT NULL,
	"identifier" text DEFAULT '' NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"search_name" text DEFAULT '' NOT NULL,
	"school_sourced_id" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sis_modified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dropoff_events" ADD CONSTRAINT "dropoff_events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropoff_events" ADD CONSTRAINT "dropoff_events_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropoff_events" ADD CONSTRAINT "dropoff_events_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropoff_events" ADD CONSTRAINT "dropoff_events_reason_id_student_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."student_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropoff_events" ADD CONSTRAINT "dropoff_events_attendant_id_users_id_fk" FOREIGN KEY ("attendant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_authorizations" ADD CONSTRAINT "pickup_authorizations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_authorizations" ADD CONSTRAINT "pickup_authorizations_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_authorizations" ADD CONSTRAINT "pickup_authorizations_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_authorizations" ADD CONSTRAINT "pickup_authorizations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_authorizations" ADD CONSTRAINT "pickup_authorizations_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_events" ADD CONSTRAINT "pickup_events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_events" ADD CONSTRAINT "pickup_events_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_events" ADD CONSTRAINT "pickup_events_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_events" ADD CONSTRAINT "pickup_events_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_events" ADD CONSTRAINT "pickup_events_reason_id_student_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."student_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_events" ADD CONSTRAINT "pickup_events_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_events" ADD CONSTRAINT "pickup_events_authorization_id_pickup_authorizations_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."pickup_authorizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_events" ADD CONSTRAINT "pickup_events_attendant_id_users_id_fk" FOREIGN KEY ("attendant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sis_schools" ADD CONSTRAINT "sis_schools_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sis_schools" ADD CONSTRAINT "sis_schools_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sis_sync_state" ADD CONSTRAINT "sis_sync_state_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sis_writebacks" ADD CONSTRAINT "sis_writebacks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardians" ADD CONSTRAINT "student_guardians_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardians" ADD CONSTRAINT "student_guardians_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dropoff_events_building_at_idx" ON "dropoff_events" USING btree ("building_id","dropped_off_at");--> statement-breakpoint
CREATE INDEX "dropoff_events_client_at_idx" ON "dropoff_events" USING btree ("client_id","dropped_off_at");--> statement-breakpoint
CREATE UNIQUE INDEX "guardians_client_sourced_uq" ON "guardians" USING btree ("client_id","sourced_id") WHERE "guardians"."sourced_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "guardians_visitor_idx" ON "guardians" USING btree ("visitor_id");--> statement-breakpoint
CREATE INDEX "pickup_authorizations_student_idx" ON "pickup_authorizations" USING btree ("student_id","guardian_id");--> statement-breakpoint
CREATE INDEX "pickup_authorizations_client_idx" ON "pickup_authorizations" USING btree ("client_id","student_id");--> statement-breakpoint
CREATE INDEX "pickup_events_building_at_idx" ON "pickup_events" USING btree ("building_id","picked_up_at");--> statement-breakpoint
CREATE INDEX "pickup_events_client_at_idx" ON "pickup_events" USING btree ("client_id","picked_up_at");--> statement-breakpoint
CREATE INDEX "pickup_events_attendant_idx" ON "pickup_events" USING btree ("attendant_id","picked_up_at");--> statement-breakpoint
CREATE INDEX "pickup_events_student_idx" ON "pickup_events" USING btree ("student_id","picked_up_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sis_writebacks_event_uq" ON "sis_writebacks" USING btree ("event_kind","event_id");--> statement-breakpoint
CREATE INDEX "sis_writebacks_due_idx" ON "sis_writebacks" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "student_guardians_guardian_idx" ON "student_guardians" USING btree ("guardian_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_client_sourced_uq" ON "students" USING btree ("client_id","sourced_id");--> statement-breakpoint
CREATE INDEX "students_building_identifier_idx" ON "students" USING btree ("building_id","identifier");--> statement-breakpoint
CREATE INDEX "students_client_identifier_idx" ON "students" USING btree ("client_id","identifier");--> statement-breakpoint
CREATE INDEX "students_client_last_prefix_idx" ON "students" USING btree ("client_id",lower("lastname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "students_search_trgm_idx" ON "students" USING gin ("search_name" gin_trgm_ops);