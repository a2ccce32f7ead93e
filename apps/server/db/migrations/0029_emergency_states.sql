-- issue 27 §1, §4 (ADR 0037): emergency states (Lockdown, Secure, Shelter, Evacuate), drill or real,
-- the buildings each covers, their time line, and each district's required drills per school year.
CREATE TABLE IF NOT EXISTS "emergency_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL REFERENCES "clients"("id"),
	"kind" text NOT NULL CHECK ("kind" IN ('Lockdown', 'Secure', 'Shelter', 'Evacuate')),
	"drill" boolean NOT NULL,
	"started_by" integer NOT NULL REFERENCES "users"("id"),
	"started_at" timestamp with time zone NOT NULL,
	"ended_by" integer REFERENCES "users"("id"),
	"ended_at" timestamp with time zone,
	"end_notes" text,
	"cancelled" boolean NOT NULL DEFAULT false
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "emergency_states_client_idx" ON "emergency_states" ("client_id", "started_at");
--> statement-breakpoint
-- the buildings a state covers; `active` until it ends or is cancelled: a building has at most one
-- active state (the unique partial index decides a race between two desks)
CREATE TABLE IF NOT EXISTS "emergency_state_buildings" (
	"state_id" integer NOT NULL REFERENCES "emergency_states"("id") ON DELETE CASCADE,
	"building_id" integer NOT NULL REFERENCES "buildings"("id"),
	"active" boolean NOT NULL DEFAULT true,
	PRIMARY KEY ("state_id", "building_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "emergency_state_buildings_active_uq" ON "emergency_state_buildings" ("building_id") WHERE "active";
--> statement-breakpoint
-- the time line: 'start' | 'messages' (with the delivery report in details) | 'note' | 'cancel' | 'end'
CREATE TABLE IF NOT EXISTS "emergency_state_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_id" integer NOT NULL REFERENCES "emergency_states"("id") ON DELETE CASCADE,
	"kind" text NOT NULL CHECK ("kind" IN ('start', 'messages', 'note', 'cancel', 'end')),
	"at" timestamp with time zone NOT NULL,
	"user_id" integer REFERENCES "users"("id"),
	"text" text,
	"details" jsonb
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "emergency_state_events_state_idx" ON "emergency_state_events" ("state_id", "id");
--> statement-breakpoint
-- issue 27 §4: how many drills of each kind a district requires per school year (state law)
CREATE TABLE IF NOT EXISTS "drill_requirements" (
	"client_id" integer NOT NULL REFERENCES "clients"("id"),
	"kind" text NOT NULL CHECK ("kind" IN ('Lockdown', 'Secure', 'Shelter', 'Evacuate')),
	"required_count" integer NOT NULL CHECK ("required_count" >= 0 AND "required_count" <= 100),
	PRIMARY KEY ("client_id", "kind")
);
