CREATE OR REPLACE FUNCTION "sv_bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- issue 23 §4: a record's version goes up whenever anything but its bookkeeping columns (the
  -- trigger's arguments, plus version and updated_at) changes, whoever writes it
  IF (to_jsonb(NEW) - TG_ARGV - 'version' - 'updated_at') IS DISTINCT FROM (to_jsonb(OLD) - TG_ARGV - 'version' - 'updated_at') THEN
    NEW.version := OLD.version + 1;
  ELSE
    NEW.version := OLD.version;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TRIGGER "registrations_version" BEFORE UPDATE ON "registrations" FOR EACH ROW EXECUTE FUNCTION "sv_bump_version"('watched_at', 'expiration_email_sent_at', 'badge_printed_at');
