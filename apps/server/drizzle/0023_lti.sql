CREATE TABLE "lti_identities" (
	"issuer" text NOT NULL,
	"sub" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_identities_issuer_sub_pk" PRIMARY KEY("issuer","sub")
);
--> statement-breakpoint
CREATE TABLE "lti_launch_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"deployment_id" text NOT NULL,
	"resource_link_id" text NOT NULL,
	"sub" text NOT NULL,
	"interview_set_id" uuid NOT NULL,
	"line_item" text,
	"first_launch_at" timestamp with time zone DEFAULT now() NOT NULL,
	"best_score" real,
	"send_status" text,
	"send_tries" integer DEFAULT 0 NOT NULL,
	"send_next_at" timestamp with time zone,
	"send_queued_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"send_error" text
);
--> statement-breakpoint
CREATE TABLE "lti_tool_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"kid" text NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lti_identities" ADD CONSTRAINT "lti_identities_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_links" ADD CONSTRAINT "lti_links_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_links" ADD CONSTRAINT "lti_links_interview_set_id_interview_sets_id_fk" FOREIGN KEY ("interview_set_id") REFERENCES "public"."interview_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lti_identities_user_idx" ON "lti_identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lti_launch_states_created_idx" ON "lti_launch_states" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_links_link_user_idx" ON "lti_links" USING btree ("issuer","deployment_id","resource_link_id","user_id");--> statement-breakpoint
CREATE INDEX "lti_links_user_set_idx" ON "lti_links" USING btree ("user_id","interview_set_id");--> statement-breakpoint
CREATE INDEX "lti_links_due_idx" ON "lti_links" USING btree ("send_status","send_next_at");