-- The local record of settled payments (shared with the payment flows, which fill it): created only when missing.
CREATE TABLE IF NOT EXISTS "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action,
	"kind" text NOT NULL,
	"product" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"charge_id" text,
	"credits_granted" integer DEFAULT 0 NOT NULL,
	"hypercredits_granted" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"dispute_status" text,
	"disputed_cents" integer DEFAULT 0 NOT NULL,
	"dispute_fee_cents" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_charge_id_unique" UNIQUE("charge_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_paid_at_idx" ON "payments" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_user_idx" ON "payments" USING btree ("user_id","paid_at");--> statement-breakpoint
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
