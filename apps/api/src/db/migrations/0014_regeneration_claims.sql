-- A regenerate claims the reply it replaces in the transaction that spends its message, before the AI is asked,
-- so of several regenerates of one reply only one runs (docs/decisions.md#chat-bio-and-profile-appsapi). The claim is
-- a lease: a server that dies mid-reply leaves the reply free to regenerate again once it ends.
ALTER TABLE "chat_messages" ADD COLUMN "regeneration_claimed_until" timestamp with time zone;
