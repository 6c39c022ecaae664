-- Billing (docs/decisions.md#money-at-checkout): the billing history with its receipts, scheduled plan changes,
-- resumable cancels, the monthly spending cap, the trial reminder and the saved card's expiry.
ALTER TABLE "user_plans" ADD COLUMN "scheduled_plan_id" integer REFERENCES "plans"("id");
--> statement-breakpoint
ALTER TABLE "user_plans" ADD COLUMN "scheduled_change_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "user_plans" ADD COLUMN "provider_schedule_id" text;
--> statement-breakpoint
ALTER TABLE "user_plans" ADD COLUMN "offer_id" integer REFERENCES "offers"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "user_plans" ADD COLUMN "trial_reminder_sent_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "user_plans_trial_reminder_idx" ON "user_plans" USING btree ("current_period_end") WHERE "status" = 'trialing' AND "trial_reminder_sent_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD COLUMN "card_exp_month" integer;
--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD COLUMN "card_exp_year" integer;
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"user_plan_id" integer REFERENCES "user_plans"("id") ON DELETE SET NULL,
	"plan_id" integer REFERENCES "plans"("id") ON DELETE SET NULL,
	"provider" text NOT NULL,
	"payment_ref" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"receipt" text DEFAULT 'pending' NOT NULL,
	"receipt_attempts" integer DEFAULT 0 NOT NULL,
	"receipt_not_before" timestamp with time zone,
	"receipt_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_payment_ref_key" ON "payments" USING btree ("payment_ref");
--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "payments_receipt_due_idx" ON "payments" USING btree ("id") WHERE "receipt" IN ('pending', 'sending');
--> statement-breakpoint
CREATE TABLE "spending_caps" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"monthly_cap_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
