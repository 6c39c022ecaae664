DROP INDEX "chat_messages_match_idx";--> statement-breakpoint
CREATE INDEX "chat_messages_match_idx" ON "chat_messages" USING btree ("match_id","id") WHERE "chat_messages"."match_id" is not null;