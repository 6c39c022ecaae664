-- Photo widths for srcset (docs/decisions.md#screens): each stored photo also keeps smaller widths of the same clean
-- copy. The rows record them (key, url, width, height) so the answers can list them and every deletion can remove them
-- all. Rows from before keep an empty list and answer the original only.
ALTER TABLE "bio_images" ADD COLUMN "widths" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "image_widths" jsonb DEFAULT '[]'::jsonb NOT NULL;
