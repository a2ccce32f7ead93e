CREATE TABLE "visitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"firstname" text NOT NULL,
	"middlename" text DEFAULT '' NOT NULL,
	"lastname" text NOT NULL,
	"suffix" text DEFAULT '' NOT NULL,
	"dob" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
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
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusions" ADD CONSTRAINT "exclusions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusions" ADD CONSTRAINT "exclusions_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusions" ADD CONSTRAINT "exclusions_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusions" ADD CONSTRAINT "exclusions_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusions" ADD CONSTRAINT "exclusions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visitors_client_idx" ON "visitors" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "files_client_idx" ON "files" USING btree ("client_id","kind");--> statement-breakpoint
CREATE INDEX "exclusions_client_active_idx" ON "exclusions" USING btree ("client_id","active");--> statement-breakpoint
CREATE INDEX "exclusions_first_idx" ON "exclusions" USING btree ("client_id",lower("firstname"));--> statement-breakpoint
CREATE INDEX "exclusions_last_idx" ON "exclusions" USING btree ("client_id",lower("lastname"));--> statement-breakpoint
CREATE INDEX "exclusions_dob_idx" ON "exclusions" USING btree ("client_id","dob");--> statement-breakpoint
CREATE INDEX "exclusions_visitor_idx" ON "exclusions" USING btree ("visitor_id") WHERE "exclusions"."visitor_id" is not null;--> statement-breakpoint
CREATE INDEX "exclusions_building_idx" ON "exclusions" USING btree ("building_id");