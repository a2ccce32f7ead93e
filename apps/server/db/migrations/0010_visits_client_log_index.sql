DROP INDEX "visits_client_checkin_idx";--> statement-breakpoint
CREATE INDEX "visits_client_log_idx" ON "visits" USING btree ("client_id","check_in","id","building_id","visitor_type","checked_in_by");