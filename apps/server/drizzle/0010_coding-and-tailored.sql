CREATE TABLE "code_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interview_id" uuid NOT NULL,
	"question_index" integer NOT NULL,
	"language" text NOT NULL,
	"mode" text NOT NULL,
	"code" text NOT NULL,
	"verdict" text NOT NULL,
	"passed" integer NOT NULL,
	"total" integer NOT NULL,
	"tests" jsonb NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tailored_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"extraction" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "tailored" jsonb;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "coding" jsonb;--> statement-breakpoint
ALTER TABLE "code_runs" ADD CONSTRAINT "code_runs_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tailored_documents" ADD CONSTRAINT "tailored_documents_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_runs_interview_idx" ON "code_runs" USING btree ("interview_id","created_at");--> statement-breakpoint
CREATE INDEX "tailored_documents_user_idx" ON "tailored_documents" USING btree ("user_id","created_at");