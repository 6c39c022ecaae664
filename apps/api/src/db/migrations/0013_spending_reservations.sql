-- The spending cap's reservations: a row per charge under way, written before the provider is called and counted
-- with settled payments, so charges made side by side cannot pass the cap together
-- (docs/decisions.md#spending-reservations).
CREATE TABLE "spending_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_ref" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spending_reservations" ADD CONSTRAINT "spending_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "spending_reservations_user_idx" ON "spending_reservations" USING btree ("user_id","expires_at");
--> statement-breakpoint
CREATE INDEX "spending_reservations_ref_idx" ON "spending_reservations" USING btree ("payment_ref");
