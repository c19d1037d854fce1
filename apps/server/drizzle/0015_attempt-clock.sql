ALTER TABLE "interviews" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "active_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "present_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "present_until" timestamp with time zone;--> statement-breakpoint
-- Hand-written (decision 038): an attempt is answered from its first stored answer (or run of
-- code); the ones without either are no longer history.
UPDATE "interviews" i SET "answered_at" = least(
  (SELECT min(m."created_at") FROM "interview_messages" m WHERE m."interview_id" = i."id" AND m."speaker" = 'User'),
  (SELECT min(r."created_at") FROM "code_runs" r WHERE r."interview_id" = i."id"));--> statement-breakpoint
-- The clock of attempts made before it existed: what ran between the start and the end (or, for
-- one still open, its last sign of activity), stopped. A candidate in an interview during the
-- upgrade is reconnected, which starts the clock again from then.
UPDATE "interviews" i SET "active_ms" = greatest(0, floor(extract(epoch FROM (
  CASE i."status"
    WHEN 'completed' THEN coalesce(i."completed_at", i."updated_at")
    WHEN 'in_progress' THEN greatest(i."updated_at",
      (SELECT max(m."created_at") FROM "interview_messages" m WHERE m."interview_id" = i."id"))
    ELSE i."updated_at"
  END - i."started_at")) * 1000))
WHERE i."started_at" IS NOT NULL;
