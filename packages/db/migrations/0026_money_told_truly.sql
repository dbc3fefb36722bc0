-- What each refund of a gift's payment did, decided once when it is first handled: the code voided
-- or left whole (before redemption), or the recipient's gift kept or taken back (after).
CREATE TABLE "gift_refund_decisions" (
	"refund_id" text PRIMARY KEY NOT NULL,
	"gift_code_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_refund_decisions_decision_check" CHECK ("decision" IN ('voided', 'whole', 'kept', 'taken'))
);
--> statement-breakpoint
ALTER TABLE "gift_refund_decisions" ADD CONSTRAINT "gift_refund_decisions_gift_code_id_gift_codes_id_fk" FOREIGN KEY ("gift_code_id") REFERENCES "public"."gift_codes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- While a failed renewal is retried, when Stripe tries again: said on /info, the dashboard and the status page.
ALTER TABLE "subscriptions" ADD COLUMN "next_payment_attempt" timestamp with time zone;
