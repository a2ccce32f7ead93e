ALTER TABLE "outbound_messages" ADD COLUMN "claimed_by" text;
