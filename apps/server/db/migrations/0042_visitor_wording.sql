-- Issue 29 §1 (ADR 0054): a district's own wording of visitor-facing strings, per language.
CREATE TABLE "visitor_wording" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"language" text NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visitor_wording" ADD CONSTRAINT "visitor_wording_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_wording_client_language_key" ON "visitor_wording" USING btree ("client_id","language","key");
