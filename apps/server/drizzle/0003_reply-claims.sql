ALTER TABLE "interviews" ADD COLUMN "reply_claim" text;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "reply_after" integer;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "reply_lease_until" timestamp with time zone;