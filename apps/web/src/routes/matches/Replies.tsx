import type { MatchReplies } from '@wingmate/api-contract';
import { memoryUsedWords } from '@wingmate/core-sdk';
import { Copy, MessageCircleQuestion } from 'lucide-react';
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

/**
 * "What do I answer?": three replies to the match's newest line, each in its own tone, to copy (one message for
 * the three).
 */
export function Replies({
  replies,
  asking,
  canAsk,
  failure,
  paywall,
  onAsk,
  onCopy,
}: {
  replies: MatchReplies | null;
  asking: boolean;
  /** False while the transcript has no line of theirs to answer. */
  canAsk: boolean;
  failure?: string;
  paywall?: string;
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
                <li
                  key={suggestion.id}
                  className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4"
                >
                  <Badge tone="brand" className="self-start">
                    {CHAT_TONES[suggestion.tone]}
                  </Badge>
                  <p className="flex-1 text-ink">{suggestion.text}</p>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Copy the ${CHAT_TONES[suggestion.tone].toLowerCase()} reply`}
                    className="self-start"
                    onClick={() => onCopy(suggestion.text)}
                  >
                    <Copy aria-hidden="true" className="size-4" />
                    Copy
                  </Button>
                </li>
              ))}
            </ul>
            <p className="text-xs text-ink-muted">{memoryUsedWords(replies.used)}</p>
          </>
        )}
      </section>
    </Card>
  );
}
