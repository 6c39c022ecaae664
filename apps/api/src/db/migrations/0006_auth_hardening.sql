ALTER TABLE "refresh_tokens" ADD COLUMN "successor_sealed" text;
--> statement-breakpoint
ALTER TABLE "phone_pins" ADD COLUMN "address_attempts" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"blocked_until" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_failures_expires_at_idx" ON "sign_in_failures" USING btree ("expires_at");
--> statement-breakpoint
CREATE TABLE "account_confirmations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_confirmations" ADD CONSTRAINT "account_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "account_confirmations_user_purpose_key" ON "account_confirmations" USING btree ("user_id","purpose");
--> statement-breakpoint
CREATE TABLE "retained_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text,
	"payment_ref" text,
	"subscription_id" text,
	"plan_name" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"retained_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX IF EXISTS "email_codes_code_hash_idx";
