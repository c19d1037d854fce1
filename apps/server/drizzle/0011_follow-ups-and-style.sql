ALTER TABLE "interview_sets" ADD COLUMN "follow_up_depth" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "follow_up_depth" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "interviewer_style" text DEFAULT 'friendly' NOT NULL;--> statement-breakpoint
-- Hand-written (decision 033): fixed sets written before follow-ups existed stay the scripts their
-- admins wrote; an admin turns follow-ups on per set. Their open attempts keep the same.
UPDATE "interview_sets" SET "follow_up_depth" = 0 WHERE "type" = 'fixed';--> statement-breakpoint
UPDATE "interviews" SET "follow_up_depth" = 0 WHERE "type" = 'fixed';
