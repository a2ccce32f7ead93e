ALTER TABLE "clients" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "clients" SET "is_demo" = true WHERE "note" = 'Demo district' AND "name" IN ('North County Schools', 'South Valley District');
