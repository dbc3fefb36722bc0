-- Auto top-up and spend caps: one row per user; state and crossing make a top-up run once per fall below the threshold.
CREATE TABLE "auto_top_ups" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"package_name" text NOT NULL,
	"threshold_credits" integer DEFAULT 0 NOT NULL,
	"monthly_cap_cents" integer,
	"daily_credit_cap" integer,
	"payment_method" text,
	"card_brand" text,
	"card_last4" text,
	"state" text DEFAULT 'armed' NOT NULL,
	"crossing" integer DEFAULT 0 NOT NULL,
	"intent_id" text,
	"off_reason" text,
	"capped_month" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_top_ups_state_check" CHECK ("state" IN ('armed', 'buying', 'waiting', 'spent'))
);
--> statement-breakpoint
ALTER TABLE "auto_top_ups" ADD CONSTRAINT "auto_top_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Unfinished top-ups are looked for at start-up and by the reconciler.
CREATE INDEX "auto_top_ups_unfinished_idx" ON "auto_top_ups" ("state") WHERE "state" IN ('buying', 'waiting');
