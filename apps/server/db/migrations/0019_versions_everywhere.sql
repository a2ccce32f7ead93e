-- issue 23 §4 (second half): every edited record carries a version raised by sv_bump_version
-- (migration 0017); the trigger's arguments are bookkeeping columns whose change is not an edit.
-- A trigger created without arguments has a NULL TG_ARGV, and jsonb - NULL is NULL: the version
-- never moved. The function now treats "no arguments" as an empty list.
CREATE OR REPLACE FUNCTION "sv_bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - coalesce(TG_ARGV, '{}'::text[]) - 'version' - 'updated_at')
     IS DISTINCT FROM (to_jsonb(OLD) - coalesce(TG_ARGV, '{}'::text[]) - 'version' - 'updated_at') THEN
    NEW.version := OLD.version + 1;
  ELSE
    NEW.version := OLD.version;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
ALTER TABLE "exclusions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TRIGGER "exclusions_version" BEFORE UPDATE ON "exclusions" FOR EACH ROW EXECUTE FUNCTION "sv_bump_version"('first_key', 'last_key');--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TRIGGER "visitors_version" BEFORE UPDATE ON "visitors" FOR EACH ROW EXECUTE FUNCTION "sv_bump_version"('first_key', 'last_key', 'search_name');--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TRIGGER "buildings_version" BEFORE UPDATE ON "buildings" FOR EACH ROW EXECUTE FUNCTION "sv_bump_version"();--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TRIGGER "users_version" BEFORE UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION "sv_bump_version"('password_hash', 'oidc_tenant_id', 'oidc_object_id');--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TRIGGER "contacts_version" BEFORE UPDATE ON "contacts" FOR EACH ROW EXECUTE FUNCTION "sv_bump_version"();--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TRIGGER "clients_version" BEFORE UPDATE ON "clients" FOR EACH ROW EXECUTE FUNCTION "sv_bump_version"();--> statement-breakpoint
ALTER TABLE "student_reasons" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TRIGGER "student_reasons_version" BEFORE UPDATE ON "student_reasons" FOR EACH ROW EXECUTE FUNCTION "sv_bump_version"();--> statement-breakpoint
ALTER TABLE "registration_types" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TRIGGER "registration_types_version" BEFORE UPDATE ON "registration_types" FOR EACH ROW EXECUTE FUNCTION "sv_bump_version"();--> statement-breakpoint
ALTER TABLE "vendor_companies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TRIGGER "vendor_companies_version" BEFORE UPDATE ON "vendor_companies" FOR EACH ROW EXECUTE FUNCTION "sv_bump_version"();--> statement-breakpoint
ALTER TABLE "arrest_alerts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TRIGGER "arrest_alerts_version" BEFORE UPDATE ON "arrest_alerts" FOR EACH ROW EXECUTE FUNCTION "sv_bump_version"('notified_at');--> statement-breakpoint
ALTER TABLE "pickup_authorizations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TRIGGER "pickup_authorizations_version" BEFORE UPDATE ON "pickup_authorizations" FOR EACH ROW EXECUTE FUNCTION "sv_bump_version"();
