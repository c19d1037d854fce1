ALTER TABLE "interview_sets" ADD COLUMN "follow_up_depth" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "follow_up_depth" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "interviewer_style" text DEFAULT 'friendly' NOT NULL;