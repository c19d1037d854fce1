ALTER TABLE "interviews" ADD COLUMN "check_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "interviews_check_until_idx" ON "interviews" USING btree ("check_until");