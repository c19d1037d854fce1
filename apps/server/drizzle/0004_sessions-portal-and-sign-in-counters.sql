CREATE TABLE "auth_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "portal" text DEFAULT 'candidate' NOT NULL;--> statement-breakpoint
CREATE INDEX "auth_throttle_reset_idx" ON "auth_throttle" USING btree ("reset_at");--> statement-breakpoint
-- ---- Hand-written data migration (issue 12, "update-user bypasses the profile schema"): keep when renumbering. ----
-- better-auth's update-user stored any experience level ("god") before the fix: such rows take the default.
UPDATE "user" SET "experience_level" = 'mid' WHERE "experience_level" NOT IN ('junior', 'mid', 'senior', 'staff');
