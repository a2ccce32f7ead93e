CREATE TABLE "registration_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"code" text NOT NULL,
	"dd_username" text DEFAULT '' NOT NULL,
	"extra_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"aw_contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"in_arrest_watch" boolean DEFAULT false NOT NULL,
	"scheduled_arrest_watch_all" boolean DEFAULT false NOT NULL,
	"arrest_watch_approval_date" date,
	"badge_by_date" boolean DEFAULT false NOT NULL,
	"str_exp_date" date,
	"months" integer,
	"reminder_days" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registration_types" ADD CONSTRAINT "registration_types_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registration_types_client_code_uq" ON "registration_types" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "registration_types_client_idx" ON "registration_types" USING btree ("client_id","is_active","name");