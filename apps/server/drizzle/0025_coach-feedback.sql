CREATE TABLE "coach_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interview_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"overall" text DEFAULT '' NOT NULL,
	"rubric" jsonb,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rubrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coach_feedback" ADD CONSTRAINT "coach_feedback_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_feedback" ADD CONSTRAINT "coach_feedback_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_feedback" ADD CONSTRAINT "coach_feedback_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coach_feedback_interview_idx" ON "coach_feedback" USING btree ("interview_id");--> statement-breakpoint
CREATE INDEX "coach_feedback_user_idx" ON "coach_feedback" USING btree ("user_id","seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rubrics_default_idx" ON "rubrics" USING btree ("is_default") WHERE "rubrics"."is_default";--> statement-breakpoint
INSERT INTO "rubrics" ("name", "criteria", "is_default") VALUES ('Interview answer', '[{"name":"Accuracy","description":"What the answer says is right, and it answers the question asked."},{"name":"Completeness","description":"The key points are there; for a story: situation, task, action and result."},{"name":"Depth","description":"Specifics, trade-offs and reasons rather than generalities."},{"name":"Clarity","description":"Easy to follow: structured, concise, no filler."}]'::jsonb, true);
