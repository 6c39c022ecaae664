CREATE TABLE "bio_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"uid" text NOT NULL,
	"storage_key" text NOT NULL,
	"url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"uid" text,
	"role" text NOT NULL,
	"body" text NOT NULL,
	"image_key" text,
	"image_url" text,
	"model" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dating_bio_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"bio_id" integer NOT NULL,
	"text" text NOT NULL,
	"tone" text,
	"instruction" text,
	"model" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dating_bios" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"uid" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "image_review_follow_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "image_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"uid" text NOT NULL,
	"image_set" text NOT NULL,
	"image_ids" jsonb NOT NULL,
	"score" integer NOT NULL,
	"summary" text NOT NULL,
	"tips" jsonb NOT NULL,
	"photos" jsonb NOT NULL,
	"model" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"plan_id" integer,
	"discount" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"kind" text NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"user_id" integer,
	"uid" text,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"text" text NOT NULL,
	"kind" text NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bio_images" ADD CONSTRAINT "bio_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dating_bio_versions" ADD CONSTRAINT "dating_bio_versions_bio_id_dating_bios_id_fk" FOREIGN KEY ("bio_id") REFERENCES "public"."dating_bios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dating_bios" ADD CONSTRAINT "dating_bios_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_review_follow_ups" ADD CONSTRAINT "image_review_follow_ups_review_id_image_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."image_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_reviews" ADD CONSTRAINT "image_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_answers" ADD CONSTRAINT "profile_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_answers" ADD CONSTRAINT "profile_answers_question_id_profile_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."profile_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_questions" ADD CONSTRAINT "questionnaire_questions_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roasts" ADD CONSTRAINT "roasts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bio_images_user_idx" ON "bio_images" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "bio_images_uid_idx" ON "bio_images" USING btree ("uid","id");--> statement-breakpoint
CREATE INDEX "chat_messages_user_idx" ON "chat_messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_uid_idx" ON "chat_messages" USING btree ("uid","id");--> statement-breakpoint
CREATE INDEX "dating_bio_versions_bio_idx" ON "dating_bio_versions" USING btree ("bio_id","id");--> statement-breakpoint
CREATE INDEX "dating_bios_user_idx" ON "dating_bios" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "dating_bios_uid_idx" ON "dating_bios" USING btree ("uid","id");--> statement-breakpoint
CREATE INDEX "image_review_follow_ups_review_idx" ON "image_review_follow_ups" USING btree ("review_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "image_reviews_image_set_key" ON "image_reviews" USING btree ("image_set");--> statement-breakpoint
CREATE INDEX "image_reviews_user_idx" ON "image_reviews" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "image_reviews_uid_idx" ON "image_reviews" USING btree ("uid","id");--> statement-breakpoint
CREATE INDEX "notices_user_idx" ON "notices" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_answers_user_question_key" ON "profile_answers" USING btree ("user_id","question_id");--> statement-breakpoint
CREATE INDEX "questionnaire_answers_user_idx" ON "questionnaire_answers" USING btree ("user_id","questionnaire_id");--> statement-breakpoint
CREATE INDEX "questionnaire_answers_uid_idx" ON "questionnaire_answers" USING btree ("uid","questionnaire_id");--> statement-breakpoint
CREATE INDEX "questionnaire_questions_questionnaire_idx" ON "questionnaire_questions" USING btree ("questionnaire_id","position");--> statement-breakpoint
CREATE INDEX "roasts_user_idx" ON "roasts" USING btree ("user_id","id");