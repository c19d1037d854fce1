ALTER TABLE "interviews" ADD COLUMN "retry_of" uuid;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "retry_question" integer;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_retry_of_interviews_id_fk" FOREIGN KEY ("retry_of") REFERENCES "public"."interviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interviews_retry_of_idx" ON "interviews" USING btree ("retry_of","retry_question");