-- Issue 28 §1-4 (ADR 0053): hosts, visitor passes (a pre-registration with a host and a pass),
-- the host told on arrival (a queue of its own, one row per visit: de-duplicated by the index).
CREATE TABLE "hosts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"building_id" integer,
	"name" text NOT NULL,
	"name_key" text NOT NULL DEFAULT '',
	"email" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"channel" text DEFAULT 'email' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"source_ref" text,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hosts" ADD CONSTRAINT "hosts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosts" ADD CONSTRAINT "hosts_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hosts_source_uq" ON "hosts" USING btree ("client_id","source","source_ref") WHERE "hosts"."source_ref" is not null;--> statement-breakpoint
CREATE INDEX "hosts_client_name_idx" ON "hosts" USING btree ("client_id","name_key");--> statement-breakpoint
CREATE TRIGGER "hosts_version" BEFORE UPDATE ON "hosts" FOR EACH ROW EXECUTE FUNCTION "sv_bump_version"();
--> statement-breakpoint
-- a district's Teams / Slack incoming-webhook URLs (sealed: an incoming-webhook URL is a credential)
CREATE TABLE "host_webhooks" (
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"url_sealed" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "host_webhooks_client_id_kind_pk" PRIMARY KEY("client_id","kind")
);
--> statement-breakpoint
ALTER TABLE "host_webhooks" ADD CONSTRAINT "host_webhooks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- a visitor pass is a pre-registration with a host, a window and a pass (ADR 0053)
ALTER TABLE "pre_registrations" ADD COLUMN "host_id" integer;--> statement-breakpoint
ALTER TABLE "pre_registrations" ADD COLUMN "window_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pre_registrations" ADD COLUMN "window_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pre_registrations" ADD COLUMN "pass_nonce" text;--> statement-breakpoint
ALTER TABLE "pre_registrations" ADD COLUMN "pass_revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pre_registrations" ADD COLUMN "pass_instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pre_registrations" ADD COLUMN "invited_by" integer;--> statement-breakpoint
ALTER TABLE "pre_registrations" ADD CONSTRAINT "pre_registrations_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pre_registrations_passes_idx" ON "pre_registrations" USING btree ("client_id","building_id","window_start") WHERE "pre_registrations"."pass_nonce" is not null;
--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "host_id" integer;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "host_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"host_id" integer NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"last_error" text,
	"message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "host_notifications" ADD CONSTRAINT "host_notifications_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_notifications" ADD CONSTRAINT "host_notifications_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "host_notifications_visit_uq" ON "host_notifications" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "host_notifications_due_idx" ON "host_notifications" USING btree ("next_attempt_at") WHERE "host_notifications"."status" = 'queued';
