CREATE TABLE "fleet_host_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"kind" text NOT NULL,
	"family" text,
	"job_id" uuid,
	"outcome" text,
	"busy_seconds" real DEFAULT 0 NOT NULL,
	"error" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fleet_host_events_at_idx" ON "fleet_host_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "fleet_host_events_host_idx" ON "fleet_host_events" USING btree ("host","at");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
-- Subscriptions known before: their last change stands in for when they started or ended.
UPDATE "subscriptions" SET "started_at" = "updated_at" WHERE "status" NOT IN ('incomplete', 'incomplete_expired');--> statement-breakpoint
UPDATE "subscriptions" SET "ended_at" = "updated_at" WHERE "status" NOT IN ('incomplete', 'incomplete_expired', 'active', 'trialing', 'past_due');--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "plan" text;--> statement-breakpoint
CREATE INDEX "jobs_created_idx" ON "jobs" USING btree ("created_at");
