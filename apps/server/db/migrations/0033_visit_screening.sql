-- Issue 25 (audit 002-desk usability 1b): a visit names the screening it was admitted on, so the
-- desk's on-site card can say that a possible match was cleared to let this person in. No foreign
-- key (like visits.merged_into_id): the move to PostgreSQL copies table by table, and a screening
-- purged later leaves the visit as it was.
ALTER TABLE "visits" ADD COLUMN "screening_id" uuid;
