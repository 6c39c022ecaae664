import type { MatchReplies, Suggestion, SuggestionOutcome } from '@wingmate/api-contract';
import { memoryUsedWords, type SuggestionMark } from '@wingmate/core-sdk';
import { MessageCircleQuestion } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { StyleLink } from '../style/StyleLink';
import { SuggestionCard } from '../style/SuggestionCard';

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
                <SuggestionCard
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
        {showStyleLink && <StyleLink>Make replies sound like you</StyleLink>}
      </section>
    </Card>
  );
}
