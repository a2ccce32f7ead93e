-- issue 27 §2 (ADR 0042): the accountability roster. A snapshot of everyone expected on site,
-- taken in the emergency start's transaction, one row per person per building of the state;
-- a visit checked in while the state is active joins it. Marks (accounted | missing | needs_help)
-- are kept on the row: the press time decides between two presses (a later press wins), and the
-- client's mark id makes a retried mark one mark.
CREATE TABLE IF NOT EXISTS "emergency_roster_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_id" integer NOT NULL REFERENCES "emergency_states"("id") ON DELETE CASCADE,
	"building_id" integer NOT NULL REFERENCES "buildings"("id"),
	"client_id" integer NOT NULL REFERENCES "clients"("id"),
	"person_kind" text NOT NULL CHECK ("person_kind" IN ('visit', 'student')),
	"visit_id" integer REFERENCES "visits"("id"),
	"student_id" integer REFERENCES "students"("id"),
	"display_name" text NOT NULL,
	"group_label" text NOT NULL,
	"photo_ref" uuid,
	"badge_text" text NOT NULL DEFAULT '',
	"visiting" text NOT NULL DEFAULT '',
	"mark_status" text CHECK ("mark_status" IN ('accounted', 'missing', 'needs_help')),
	"marked_by" integer REFERENCES "users"("id"),
	"marked_at" timestamp with time zone,
	"pressed_at" timestamp with time zone,
	"client_mark_id" uuid,
	"added_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "emergency_roster_entries_state_idx" ON "emergency_roster_entries" ("state_id", "building_id", "group_label");
--> statement-breakpoint
-- a person is on a state's roster once per building
CREATE UNIQUE INDEX IF NOT EXISTS "emergency_roster_entries_visit_uq" ON "emergency_roster_entries" ("state_id", "visit_id") WHERE "visit_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "emergency_roster_entries_student_uq" ON "emergency_roster_entries" ("state_id", "building_id", "student_id") WHERE "student_id" IS NOT NULL;
--> statement-breakpoint
-- the marks already applied (client mark id → entry): the same id twice is one mark
CREATE TABLE IF NOT EXISTS "emergency_roster_marks" (
	"client_mark_id" uuid PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL REFERENCES "emergency_roster_entries"("id") ON DELETE CASCADE,
	"status" text NOT NULL CHECK ("status" IN ('accounted', 'missing', 'needs_help')),
	"pressed_at" timestamp with time zone NOT NULL,
	"user_id" integer REFERENCES "users"("id"),
	"applied" boolean NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "emergency_state_events" DROP CONSTRAINT IF EXISTS "emergency_state_events_kind_check";
--> statement-breakpoint
ALTER TABLE "emergency_state_events" ADD CONSTRAINT "emergency_state_events_kind_check" CHECK ("kind" IN ('start', 'messages', 'note', 'cancel', 'end', 'mark'));
--> statement-breakpoint
-- the SIS feed's grade (OneRoster `grades`), the roster's group for students
ALTER TABLE "students" ADD COLUMN IF NOT EXISTS "grade" text;
