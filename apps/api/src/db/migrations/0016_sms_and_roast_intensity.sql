-- The wingmate by text message: Twilio's inbound messages keyed by their MessageSid, the opt-outs by the hash of
-- the number, the once-a-day texts (docs/product.md#a-wingmate-by-text-message); and a generated roast's intensity
-- and model (docs/product.md#roasts).
CREATE TABLE "sms_daily_notices" (
	"kind" text NOT NULL,
	"phone_hash" text NOT NULL,
	"day" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_daily_notices_kind_phone_hash_day_pk" PRIMARY KEY("kind","phone_hash","day")
);
--> statement-breakpoint
CREATE TABLE "sms_inbound_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_sid" text NOT NULL,
	"phone" text NOT NULL,
	"body" text,
	"user_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"outcome" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	CONSTRAINT "sms_inbound_messages_message_sid_unique" UNIQUE("message_sid")
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone_hash" text PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roasts" ADD COLUMN "intensity" text;
--> statement-breakpoint
ALTER TABLE "roasts" ADD COLUMN "model" text;
--> statement-breakpoint
ALTER TABLE "sms_inbound_messages" ADD CONSTRAINT "sms_inbound_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "sms_inbound_status_idx" ON "sms_inbound_messages" USING btree ("status","id");
--> statement-breakpoint
CREATE INDEX "sms_inbound_user_idx" ON "sms_inbound_messages" USING btree ("user_id");
