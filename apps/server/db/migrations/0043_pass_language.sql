-- Issue 29 §1 (ADR 0055): the language of a visitor pass's e-mail and SMS; existing passes were English.
ALTER TABLE "pre_registrations" ADD COLUMN "pass_language" text DEFAULT 'en' NOT NULL;
