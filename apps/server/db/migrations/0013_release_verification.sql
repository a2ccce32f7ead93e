-- issue 22 "Releasing a child needs a verified adult": how the adult was verified, on every release
-- (null: released before verification was recorded), and the one-time codes the kiosk sends to the
-- phone or e-mail on file for a guardian (hashed; 10 minutes; 5 attempts).
ALTER TABLE "pickup_events" ADD COLUMN "verification" text;--> statement-breakpoint
CREATE TABLE "release_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"guardian_id" integer NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reason_id" integer NOT NULL,
	"photo_file_id" uuid NOT NULL,
	"adult_name" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "release_verifications" ADD CONSTRAINT "release_verifications_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_verifications" ADD CONSTRAINT "release_verifications_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_verifications" ADD CONSTRAINT "release_verifications_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_verifications" ADD CONSTRAINT "release_verifications_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_verifications" ADD CONSTRAINT "release_verifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_verifications_building_idx" ON "release_verifications" USING btree ("building_id","created_at");
