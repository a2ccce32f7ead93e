ALTER TABLE "visitors" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
CREATE TABLE "visitor_merges" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"survivor_id" integer NOT NULL,
	"merged_id" integer NOT NULL,
	"moved" jsonb NOT NULL,
	"survivor_before" jsonb NOT NULL,
	"merged_by" integer,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undo_until" timestamp with time zone NOT NULL,
	"undone_by" integer,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "visitor_merges" ADD CONSTRAINT "visitor_merges_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_merges" ADD CONSTRAINT "visitor_merges_survivor_id_visitors_id_fk" FOREIGN KEY ("survivor_id") REFERENCES "public"."visitors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_merges" ADD CONSTRAINT "visitor_merges_merged_id_visitors_id_fk" FOREIGN KEY ("merged_id") REFERENCES "public"."visitors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_merges" ADD CONSTRAINT "visitor_merges_merged_by_users_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_merges" ADD CONSTRAINT "visitor_merges_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visitor_merges_merged_idx" ON "visitor_merges" USING btree ("client_id","merged_id");--> statement-breakpoint
CREATE INDEX "visitor_merges_survivor_idx" ON "visitor_merges" USING btree ("client_id","survivor_id");--> statement-breakpoint
CREATE INDEX "visitors_merged_into_idx" ON "visitors" USING btree ("merged_into_id") WHERE "visitors"."merged_into_id" is not null;
