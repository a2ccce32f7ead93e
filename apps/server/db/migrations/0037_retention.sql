-- Issue 26 §2 (ADR 0047): retention rules per district, legal holds, and the runs' history.
CREATE TABLE "retention_rules" (
	"client_id" integer NOT NULL,
	"category" text NOT NULL,
	"keep_days" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_rules_client_id_category_pk" PRIMARY KEY("client_id","category")
);
--> statement-breakpoint
CREATE TABLE "legal_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_by" integer,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"triggered_by" integer,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "retention_rules" ADD CONSTRAINT "retention_rules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_runs" ADD CONSTRAINT "retention_runs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_holds_subject_idx" ON "legal_holds" USING btree ("client_id","subject_type","subject_id") WHERE "legal_holds"."released_at" is null;--> statement-breakpoint
CREATE INDEX "retention_runs_client_idx" ON "retention_runs" USING btree ("client_id","started_at");
--> statement-breakpoint
-- Issue 26 §3 (ADR 0048): an erased person's visitor record stays as a tombstone (the visits and
-- denied entries point at it) with no personal data; this says when it was erased.
ALTER TABLE "visitors" ADD COLUMN "erased_at" timestamp with time zone;
--> statement-breakpoint
-- Issue 26 §4 (ADR 0049): every import that can be undone records its batch (the ids it created).
CREATE TABLE "import_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer,
	"kind" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_ids" jsonb NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" integer,
	"undo_counts" jsonb
);
--> statement-breakpoint
CREATE INDEX "import_batches_client_idx" ON "import_batches" USING btree ("client_id","kind","created_at");
