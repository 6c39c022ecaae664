-- The catalogue's version: bumped by triggers whenever a listed plan is added, changed or removed, by any
-- process, so every API instance can keep the plan lists in memory and check one row at most once a second.
CREATE TABLE "catalogue_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalogue_version" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "catalogue_version" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "plans_listed_insert" AFTER INSERT ON "plans" FOR EACH ROW WHEN (NEW."listed") EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "plans_listed_update" AFTER UPDATE ON "plans" FOR EACH ROW WHEN (OLD."listed" OR NEW."listed") EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "plans_listed_delete" AFTER DELETE ON "plans" FOR EACH ROW WHEN (OLD."listed") EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "plans_truncate" AFTER TRUNCATE ON "plans" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
