CREATE TABLE "arrival_tokens" (
	"registration_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "nearby_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"exited_at" timestamp with time zone,
	"distance_metres" double precision NOT NULL,
	"exit_reason" text,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
ALTER TABLE "arrival_tokens" ADD CONSTRAINT "arrival_tokens_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nearby_entries" ADD CONSTRAINT "nearby_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nearby_entries" ADD CONSTRAINT "nearby_entries_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nearby_entries" ADD CONSTRAINT "nearby_entries_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nearby_entries" ADD CONSTRAINT "nearby_entries_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "arrival_tokens_hash_uq" ON "arrival_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "nearby_entries_open_uq" ON "nearby_entries" USING btree ("registration_id","building_id") WHERE "nearby_entries"."exited_at" is null;--> statement-breakpoint
CREATE INDEX "nearby_entries_building_idx" ON "nearby_entries" USING btree ("building_id","entered_at");--> statement-breakpoint
CREATE INDEX "nearby_entries_client_idx" ON "nearby_entries" USING btree ("client_id","entered_at");