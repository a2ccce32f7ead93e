DROP INDEX "visitors_client_idx";--> statement-breakpoint
DROP INDEX "visitors_client_last_first_idx";--> statement-breakpoint
DROP INDEX "registry_names_last_sx_year_idx";--> statement-breakpoint
DROP INDEX "registry_names_first_sx_year_idx";--> statement-breakpoint
CREATE INDEX "visitors_client_last_first_prefix_idx" ON "visitors" USING btree ("client_id",lower("lastname") text_pattern_ops,lower("firstname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "visitors_client_first_prefix_idx" ON "visitors" USING btree ("client_id",lower("firstname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "registry_names_last_sx_year_idx" ON "registry_names" USING btree ("last_soundex","birth_year","first_soundex","first_key","offender_id");--> statement-breakpoint
CREATE INDEX "registry_names_first_sx_year_idx" ON "registry_names" USING btree ("first_soundex","birth_year","last_soundex","last_key","offender_id");