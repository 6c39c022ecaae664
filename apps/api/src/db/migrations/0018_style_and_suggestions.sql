CREATE TABLE "style_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"uid" text,
	"samples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"profile" jsonb NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suggestions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"uid" text,
	"kind" text NOT NULL,
	"tone" text NOT NULL,
	"text" text NOT NULL,
	"score" integer,
	"match_id" integer,
	"sent_at" timestamp with time zone,
	"outcome" text,
	"outcome_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "style_profiles" ADD CONSTRAINT "style_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "style_profiles_user_idx" ON "style_profiles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "style_profiles_visitor_idx" ON "style_profiles" USING btree ("uid") WHERE "style_profiles"."user_id" is null;--> statement-breakpoint
CREATE INDEX "suggestions_user_idx" ON "suggestions" USING btree ("user_id","kind","tone");--> statement-breakpoint
CREATE INDEX "suggestions_uid_idx" ON "suggestions" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "suggestions_outcome_idx" ON "suggestions" USING btree ("kind","tone","outcome");--> statement-breakpoint
CREATE INDEX "suggestions_match_idx" ON "suggestions" USING btree ("match_id");