-- Matches (docs/product.md#matches): a person's matches, their photos, transcript lines, memory facts and screenshot
-- imports; chat messages gain the match of a coaching chat and what a coaching reply used.
CREATE TABLE "match_import_screenshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "match_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "match_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"side" text NOT NULL,
	"text" text NOT NULL,
	"position" integer NOT NULL,
	"import_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_memory_facts" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"text" text NOT NULL,
	"source" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"uid" text,
	"name" text NOT NULL,
	"where_met" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"profile_text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'talking' NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"summary_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "match_id" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "used" jsonb;--> statement-breakpoint
ALTER TABLE "match_import_screenshots" ADD CONSTRAINT "match_import_screenshots_import_id_match_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."match_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_imports" ADD CONSTRAINT "match_imports_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_lines" ADD CONSTRAINT "match_lines_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_lines" ADD CONSTRAINT "match_lines_import_id_match_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."match_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_memory_facts" ADD CONSTRAINT "match_memory_facts_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_photos" ADD CONSTRAINT "match_photos_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_import_screenshots_import_idx" ON "match_import_screenshots" USING btree ("import_id","id");--> statement-breakpoint
CREATE INDEX "match_imports_match_idx" ON "match_imports" USING btree ("match_id","id");--> statement-breakpoint
CREATE INDEX "match_lines_match_idx" ON "match_lines" USING btree ("match_id","position");--> statement-breakpoint
CREATE INDEX "match_memory_facts_match_idx" ON "match_memory_facts" USING btree ("match_id","id");--> statement-breakpoint
CREATE INDEX "match_photos_match_idx" ON "match_photos" USING btree ("match_id","id");--> statement-breakpoint
CREATE INDEX "matches_user_idx" ON "matches" USING btree ("user_id","last_activity_at");--> statement-breakpoint
CREATE INDEX "matches_uid_idx" ON "matches" USING btree ("uid","last_activity_at");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_match_idx" ON "chat_messages" USING btree ("match_id","id");