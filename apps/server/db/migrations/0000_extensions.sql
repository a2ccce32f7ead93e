-- Extensions the schema relies on (drizzle-kit does not emit CREATE EXTENSION).
-- pg_trgm: typo-tolerant name search; fuzzystrmatch: soundex/levenshtein for screening;
-- unaccent: accent-insensitive names; citext: case-insensitive text.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS citext;
