-- issue 27 §3 (ADR 0050): reunification. An event per building (tied to an emergency state, or
-- started on its own by an administrator); its public pre-request link is an unguessable token found by its
-- SHA-256 hash and kept sealed (secret box) so staff can send the same link again. A request names an adult and the children they ask for; each child moves
-- requested → sent (runner) → arrived → released (or refused by the one release rule). The release
-- itself is a pickup_events row written by students' recordPickup (path 'reunification'); the
-- retention run may remove that row and its photo later (ADR 0047), so those links become null.
CREATE TABLE IF NOT EXISTS "reunification_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL REFERENCES "clients"("id"),
	"building_id" integer NOT NULL REFERENCES "buildings"("id"),
	"state_id" integer REFERENCES "emergency_states"("id"),
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"started_by" integer NOT NULL REFERENCES "users"("id"),
	"started_at" timestamp with time zone NOT NULL,
	"link_sent_at" timestamp with time zone,
	"ended_by" integer REFERENCES "users"("id"),
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "reunification_events_token_uq" ON "reunification_events" ("token_hash");
--> statement-breakpoint
-- one open event per building
CREATE UNIQUE INDEX IF NOT EXISTS "reunification_events_open_uq" ON "reunification_events" ("building_id") WHERE "ended_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reunification_events_client_idx" ON "reunification_events" ("client_id", "started_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "reunification_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL REFERENCES "reunification_events"("id") ON DELETE CASCADE,
	"client_id" integer NOT NULL REFERENCES "clients"("id"),
	"building_id" integer NOT NULL REFERENCES "buildings"("id"),
	"source" text NOT NULL CHECK ("source" IN ('public', 'station')),
	"language" text NOT NULL DEFAULT 'en' CHECK ("language" IN ('en', 'es')),
	"adult_first" text NOT NULL,
	"adult_last" text NOT NULL,
	"adult_phone" text NOT NULL DEFAULT '',
	"guardian_id" integer REFERENCES "guardians"("id"),
	"status" text NOT NULL DEFAULT 'open' CHECK ("status" IN ('open', 'verified', 'closed')),
	"station" text NOT NULL DEFAULT '',
	"verification" text,
	"screening_id" uuid,
	"verified_by" integer REFERENCES "users"("id"),
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reunification_requests_event_idx" ON "reunification_requests" ("event_id", "status", "id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "reunification_children" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL REFERENCES "reunification_requests"("id") ON DELETE CASCADE,
	"event_id" integer NOT NULL REFERENCES "reunification_events"("id") ON DELETE CASCADE,
	"client_id" integer NOT NULL REFERENCES "clients"("id"),
	"building_id" integer NOT NULL REFERENCES "buildings"("id"),
	"student_id" integer REFERENCES "students"("id"),
	"typed_name" text NOT NULL DEFAULT '',
	"status" text NOT NULL DEFAULT 'requested' CHECK ("status" IN ('requested', 'offered', 'refused', 'sent', 'arrived', 'releasing', 'released')),
	"refusal" text,
	"location" text NOT NULL DEFAULT '',
	"station" text NOT NULL DEFAULT '',
	"sent_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"released_by" integer REFERENCES "users"("id"),
	"pickup_event_id" integer REFERENCES "pickup_events"("id") ON DELETE SET NULL,
	"photo_file_id" uuid REFERENCES "files"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reunification_children_event_idx" ON "reunification_children" ("event_id", "status");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reunification_children_request_idx" ON "reunification_children" ("request_id");
--> statement-breakpoint
-- a child is released once per event: two stations (or a double submit) cannot both claim the release
CREATE UNIQUE INDEX IF NOT EXISTS "reunification_children_release_uq" ON "reunification_children" ("event_id", "student_id") WHERE "status" IN ('releasing', 'released');
--> statement-breakpoint
-- the child leaves the accountability roster when released (issue 27 §3)
ALTER TABLE "emergency_roster_entries" ADD COLUMN IF NOT EXISTS "released_at" timestamp with time zone;
