-- issue 23 §4/§9 (ADR 0028): every server process on PostgreSQL says it is alive once a second;
-- a key (or a job lease) held by an instance that stopped or went silent is released in seconds
CREATE TABLE "instances" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "instance_id" text;
