import type { MatchReplies, Suggestion, SuggestionOutcome } from '@wingmate/api-contract';
import {
  markedWords,
  memoryUsedWords,
  outcomeChoices,
  soundsLikeYouWords,
  suggestionOutcomeWords,
  type SuggestionMark,
} from '@wingmate/core-sdk';
import { AudioLines, Check, Copy, MessageCircleQuestion } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '../../ui/Badge';
import { Button, buttonClasses } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { CHAT_TONES } from '../chat/device-prefs';

/** Out of messages: the paywall's words and the way to more, as on the roasts page. */
export function Paywall({ children }: { children: string }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-lg border border-line-strong p-4 sm:flex-row sm:items-center"
    >
      <p className="flex-1 text-ink">{children}</p>
      <Link to="/pricing" className={buttonClasses({ className: 'self-start sm:self-auto' })}>
        See plans
      </Link>
    </div>
  );
}

/** What the person marked the replies with, and how to mark one (docs/product.md#what-works-for-you). */
export interface ReplyMarks {
  marks: Readonly<Record<string, SuggestionMark>>;
  /** Offered in a match: "Date planned" is offered too. */
  inMatch: boolean;
  onMark: (suggestion: Suggestion, outcome: SuggestionOutcome) => void;
}

/** Each outcome's button, named for the reply it marks ("Mark the playful reply sent"), its visible words in it. */
function markLabel(outcome: SuggestionOutcome, tone: string): string {
  switch (outcome) {
    case 'sent':
      return `Mark the ${tone} reply sent`;
    case 'replied':
      return `They replied to the ${tone} reply`;
    case 'no_reply':
      return `No reply to the ${tone} reply`;
    case 'date_planned':
      return `Date planned from the ${tone} reply`;
  }
}

/**
 * "What do I answer?": three replies to the match's newest line, each in its own tone, with how much it sounds
 * like the person, to copy and then mark: sent, then what came of it (one message for the three).
 */
export function Replies({
  replies,
  asking,
  canAsk,
  failure,
  paywall,
  outcomes,
  showStyleLink,
  onAsk,
  onCopy,
}: {
  replies: MatchReplies | null;
  asking: boolean;
  /** False while the transcript has no line of theirs to answer. */
  canAsk: boolean;
  failure?: string;
  paywall?: string;
  outcomes: ReplyMarks;
  /** Offer "Make replies sound like you" (docs/product.md#sounds-like-me). */
  showStyleLink: boolean;
  onAsk: () => void;
  onCopy: (text: string) => void;
}) {
  return (
    <Card>
      <section aria-labelledby="replies-heading" className="flex flex-col gap-4">
        <h2 id="replies-heading" className="text-xl font-semibold text-ink">
          Replies
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <Button loading={asking} disabled={!canAsk} onClick={onAsk}>
            <MessageCircleQuestion aria-hidden="true" className="size-4" />
            What do I answer?
          </Button>
          <span className="text-sm text-ink-muted">
            {canAsk ? 'Three replies for one message.' : 'Add a line of theirs to the conversation first.'}
          </span>
        </div>
        {paywall ? <Paywall>{paywall}</Paywall> : failure && <ErrorNotice>{failure}</ErrorNotice>}
        {replies && (
          <>
            <ul aria-label="Suggested replies" className="grid gap-3 md:grid-cols-3">
              {replies.suggestions.map((suggestion) => (
                <SuggestedReply
                  key={suggestion.id}
                  suggestion={suggestion}
                  mark={outcomes.marks[suggestion.id]}
                  inMatch={outcomes.inMatch}
                  onMark={(outcome) => outcomes.onMark(suggestion, outcome)}
                  onCopy={() => onCopy(suggestion.text)}
                />
              ))}
            </ul>
            <p className="text-xs text-ink-muted">{memoryUsedWords(replies.used)}</p>
          </>
        )}
        {showStyleLink && (
          <Link
            to="/style"
            className="inline-flex items-center gap-1.5 self-start rounded-full text-sm font-medium text-brand underline"
          >
            <AudioLines aria-hidden="true" className="size-4" />
            Make replies sound like you
          </Link>
        )}
      </section>
    </Card>
  );
}

function SuggestedReply({
  suggestion,
  mark,
  inMatch,
  onMark,
  onCopy,
}: {
  suggestion: Suggestion;
  mark: SuggestionMark | undefined;
  inMatch: boolean;
  onMark: (outcome: SuggestionOutcome) => void;
  onCopy: () => void;
}) {
  const tone = CHAT_TONES[suggestion.tone].toLowerCase();
  const score = soundsLikeYouWords(suggestion.sounds_like_you);
  const marked = markedWords(mark);
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="brand">{CHAT_TONES[suggestion.tone]}</Badge>
        {score && <span className="text-xs font-medium text-ink-muted">{score}</span>}
      </div>
      <p className="flex-1 text-ink">{suggestion.text}</p>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Copy the ${tone} reply`}
        className="self-start"
        onClick={onCopy}
      >
        <Copy aria-hidden="true" className="size-4" />
        Copy
      </Button>
      {/* Polite: the mark shows at once, and changes back with the reason when the server refuses it. */}
      <div aria-live="polite" className="flex flex-col gap-2 text-sm">
        {marked && (
          <p className="inline-flex items-center gap-1.5 font-medium text-success">
            <Check aria-hidden="true" className="size-4" />
            Marked: {marked}
          </p>
        )}
        {mark?.failed && <p className="font-medium text-danger">{mark.failed}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        {outcomeChoices(mark, inMatch).map((outcome) => (
          <Button
            key={outcome}
            size="sm"
            variant="ghost"
            className="border border-line"
            aria-label={markLabel(outcome, tone)}
            loading={mark?.pending === outcome}
            disabled={Boolean(mark?.pending)}
            onClick={() => onMark(outcome)}
          >
            {suggestionOutcomeWords[outcome]}
          </Button>
        ))}
      </div>
    </li>
  );
}
