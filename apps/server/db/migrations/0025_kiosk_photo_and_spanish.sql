-- issue 25 (audit 002 K13, B6): a building may turn requireKioskStudentPhotoCheckOut off, and a
-- kiosk pickup there has no photo of the adult. The desk still always takes one (its service
-- requires it); the kiosk requires one while the building's setting is on.
ALTER TABLE "pickup_events" ALTER COLUMN "photo_file_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "release_verifications" ALTER COLUMN "photo_file_id" DROP NOT NULL;--> statement-breakpoint
-- issue 25 (audit 002 U5, ADR 0034): a reason's optional Spanish name, shown at the kiosk in Spanish
ALTER TABLE "student_reasons" ADD COLUMN "name_es" text DEFAULT '' NOT NULL;
