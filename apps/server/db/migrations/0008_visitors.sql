ALTER TABLE "visitors" ADD COLUMN "building_id" integer;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "sex" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "eye" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "hair" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "height" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "weight" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "race" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "street1" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "street2" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "zipcode" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "county" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "current_drivers_license_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "license_state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "photo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "search_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visitors_search_trgm_idx" ON "visitors" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "visitors_client_last_first_idx" ON "visitors" USING btree ("client_id",lower("lastname"),lower("firstname"));--> statement-breakpoint
CREATE INDEX "visitors_license_idx" ON "visitors" USING btree ("client_id","current_drivers_license_number") WHERE "visitors"."current_drivers_license_number" <> '';--> statement-breakpoint
CREATE INDEX "visitors_client_dob_idx" ON "visitors" USING btree ("client_id","dob");