DROP INDEX "interviews_status_idx";--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
CREATE INDEX "interviews_status_updated_idx" ON "interviews" USING btree ("status","updated_at");--> statement-breakpoint
-- ---- Hand-written data migration (issue 11, "one duration range"): keep when renumbering. ----
-- Sets and open attempts share one range, 5–120 minutes: anything outside it is brought inside.
UPDATE "interview_sets" SET "duration" = LEAST(120, GREATEST(5, "duration")) WHERE "duration" < 5 OR "duration" > 120;--> statement-breakpoint
UPDATE "interviews" SET "duration" = LEAST(120, GREATEST(5, "duration")) WHERE "status" IN ('scheduled', 'in_progress') AND ("duration" < 5 OR "duration" > 120);--> statement-breakpoint
-- Attempts not started yet that the old 15-minute floor lengthened take their set's own duration
-- (started ones keep the time they were given, so nobody's interview is cut short mid-way).
UPDATE "interviews" AS i SET "duration" = s."duration" FROM "interview_sets" AS s WHERE i."interview_set_id" = s."id" AND i."status" = 'scheduled' AND i."started_at" IS NULL AND i."duration" = 15 AND s."duration" < 15;
