CREATE TABLE "discord_deliveries" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"application_id" text NOT NULL,
	"interaction_token" text NOT NULL,
	"interaction_at" timestamp with time zone NOT NULL,
	"channel_id" text NOT NULL,
	"discord_user_id" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"claimed_at" timestamp with time zone,
	"message_id" text,
	"posted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discord_deliveries" ADD CONSTRAINT "discord_deliveries_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discord_deliveries_state_idx" ON "discord_deliveries" USING btree ("state");