-- issue 25 "on site at …": the visits whose [check-in, check-out] holds an instant (logs.repository visitPresence)
CREATE INDEX IF NOT EXISTS "visits_presence_idx" ON "visits" USING gist (tstzrange("check_in", (case when "check_out" < "check_in" then "check_in" else "check_out" end), '[]'));
