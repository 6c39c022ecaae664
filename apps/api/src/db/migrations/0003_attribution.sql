CREATE TABLE "abtest_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	"uid" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversion_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"event_id" text NOT NULL,
	"event_name" text,
	"event_time" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"uid" text,
	"user_id" integer,
	"value_cents" integer,
	"currency" text,
	"details" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "utm_params" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"user_id" integer,
	"ctime" timestamp with time zone NOT NULL,
	"device_id" text,
	"utm_source" text,
	"utm_campaign" text,
	"utm_content" text,
	"utm_term" text,
	"utm_medium" text,
	"fbclid" text,
	"gclid" text,
	"blogsource" text,
	"irclickid" text,
	"ttclid" text,
	"sccid" text,
	"gbraid" text,
	"wbraid" text,
	"pinterestid" text,
	"rdt_cid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "abtest_assignments" ADD CONSTRAINT "abtest_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_events" ADD CONSTRAINT "conversion_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utm_params" ADD CONSTRAINT "utm_params_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "abtest_assignments_user_name_key" ON "abtest_assignments" USING btree ("user_id","name") WHERE "abtest_assignments"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "abtest_assignments_uid_name_key" ON "abtest_assignments" USING btree ("uid","name") WHERE "abtest_assignments"."user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "conversion_events_platform_event_id_key" ON "conversion_events" USING btree ("platform","event_id");--> statement-breakpoint
CREATE INDEX "conversion_events_due_idx" ON "conversion_events" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "conversion_events_uid_idx" ON "conversion_events" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "conversion_events_user_idx" ON "conversion_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "utm_params_uid_idx" ON "utm_params" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "utm_params_user_ctime_idx" ON "utm_params" USING btree ("user_id","ctime");