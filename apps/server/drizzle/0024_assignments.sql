CREATE TABLE "assignment_reminders" (
	"assignment_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "assignment_reminders_assignment_id_user_id_kind_pk" PRIMARY KEY("assignment_id","user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "assignment_sets" (
	"assignment_id" uuid NOT NULL,
	"interview_set_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "assignment_sets_assignment_id_interview_set_id_pk" PRIMARY KEY("assignment_id","interview_set_id")
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cohort_id" uuid NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts_allowed" integer NOT NULL,
	"recordings_reviewable" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_dates" CHECK ("assignments"."opens_at" < "assignments"."due_at"),
	CONSTRAINT "assignments_attempts" CHECK ("assignments"."attempts_allowed" >= 1)
);
--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "assignment_id" uuid;--> statement-breakpoint
ALTER TABLE "assignment_reminders" ADD CONSTRAINT "assignment_reminders_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_reminders" ADD CONSTRAINT "assignment_reminders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_sets" ADD CONSTRAINT "assignment_sets_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_sets" ADD CONSTRAINT "assignment_sets_interview_set_id_interview_sets_id_fk" FOREIGN KEY ("interview_set_id") REFERENCES "public"."interview_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignments_cohort_idx" ON "assignments" USING btree ("cohort_id","due_at");--> statement-breakpoint
CREATE INDEX "assignments_due_idx" ON "assignments" USING btree ("due_at");--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interviews_assignment_idx" ON "interviews" USING btree ("assignment_id","user_id","interview_set_id") WHERE "interviews"."assignment_id" is not null;