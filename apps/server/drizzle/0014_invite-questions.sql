ALTER TABLE "interview_sets" ADD COLUMN "invite_questions" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "invite_questions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written (decision 033): fixed sets written before the candidate's questions existed keep
-- their scripted close; an admin turns the invitation on per set. New sets invite by default.
UPDATE "interview_sets" SET "invite_questions" = false WHERE "type" = 'fixed';
