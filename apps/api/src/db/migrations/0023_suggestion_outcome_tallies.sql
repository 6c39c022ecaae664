CREATE TABLE "suggestion_outcome_tallies" (
	"kind" text NOT NULL,
	"tone" text NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"replied" integer DEFAULT 0 NOT NULL,
	"date_planned" integer DEFAULT 0 NOT NULL,
	"no_reply" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "suggestion_outcome_tallies_kind_tone_pk" PRIMARY KEY("kind","tone")
);
--> statement-breakpoint
-- Everyone's outcomes kept as they change (docs/performance.md#everyones-outcomes-kept-by-the-database): every
-- tone order read them by counting every suggestion ever sent. A sent suggestion counts once in `sent` and once
-- under its outcome, for its kind and tone; each trigger runs only when what counts changed (WHEN), so the
-- suggestions a chat reply offers (never sent yet) cost nothing more to insert.
CREATE FUNCTION wm_tally_suggestion(s suggestions, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF s.sent_at IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO suggestion_outcome_tallies AS t (kind, tone, sent, replied, date_planned, no_reply)
  VALUES (s.kind, s.tone, sign,
    CASE WHEN s.outcome = 'replied' THEN sign ELSE 0 END,
    CASE WHEN s.outcome = 'date_planned' THEN sign ELSE 0 END,
    CASE WHEN s.outcome = 'no_reply' THEN sign ELSE 0 END)
  ON CONFLICT (kind, tone) DO UPDATE SET
    sent = t.sent + excluded.sent,
    replied = t.replied + excluded.replied,
    date_planned = t.date_planned + excluded.date_planned,
    no_reply = t.no_reply + excluded.no_reply;
END
$$;
--> statement-breakpoint
CREATE FUNCTION wm_suggestion_tallied() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM wm_tally_suggestion(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM wm_tally_suggestion(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER suggestions_tallied_insert AFTER INSERT ON suggestions
FOR EACH ROW WHEN (NEW.sent_at IS NOT NULL) EXECUTE FUNCTION wm_suggestion_tallied();
--> statement-breakpoint
CREATE TRIGGER suggestions_tallied_update AFTER UPDATE ON suggestions
FOR EACH ROW WHEN ((OLD.sent_at IS NULL) IS DISTINCT FROM (NEW.sent_at IS NULL)
  OR OLD.outcome IS DISTINCT FROM NEW.outcome OR OLD.kind IS DISTINCT FROM NEW.kind OR OLD.tone IS DISTINCT FROM NEW.tone)
EXECUTE FUNCTION wm_suggestion_tallied();
--> statement-breakpoint
CREATE TRIGGER suggestions_tallied_delete AFTER DELETE ON suggestions
FOR EACH ROW WHEN (OLD.sent_at IS NOT NULL) EXECUTE FUNCTION wm_suggestion_tallied();
--> statement-breakpoint
INSERT INTO suggestion_outcome_tallies (kind, tone, sent, replied, date_planned, no_reply)
SELECT kind, tone, count(*),
  count(*) FILTER (WHERE outcome = 'replied'),
  count(*) FILTER (WHERE outcome = 'date_planned'),
  count(*) FILTER (WHERE outcome = 'no_reply')
FROM suggestions WHERE sent_at IS NOT NULL GROUP BY kind, tone;
