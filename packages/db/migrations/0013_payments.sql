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
ALTER TABLE "users" DROP CONSTRAINT IF EXISTS "users_credits_non_negative";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT IF EXISTS "users_hypercredits_non_negative";
--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN IF NOT EXISTS "voided_at" timestamp with time zone;
