import type { MatchChatMessage, Suggestion } from '@wingmate/api-contract';
import { memoryUsedWords, type SuggestionOutcomesStore } from '@wingmate/core-sdk';
import { RotateCcw, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { cn } from '../../ui/cn';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Field } from '../../ui/Field';
import { MessageText } from '../chat/MessageText';
import { SuggestedMessages } from '../chat/SuggestedMessages';
import { Paywall } from './Replies';

/**
 * The coaching chat about this match: the person's questions and the wingmate's replies, oldest first, each reply
 * saying what it used, with the reply to the match it offers to copy and mark (a date planned too:
 * docs/product.md#what-works-for-you); "Ask your wingmate" sends one (one message).
 */
export function CoachingChat({
  name,
  messages,
  hasOlder,
  sending,
  failure,
  paywall,
  onLoadOlder,
  onSend,
  onRetry,
  offered,
  outcomes,
  onCopySuggestion,
}: {
  name: string;
  /** Oldest first. */
  messages: MatchChatMessage[];
  hasOlder: boolean;
  sending: boolean;
  failure?: string;
  paywall?: string;
  onLoadOlder: () => void;
  /** Resolves true once the reply is in. */
  onSend: (body: string) => Promise<boolean>;
  /** Sends the failed message again (the same request). */
  onRetry?: () => void;
  /** What each answer given on this screen offers to send, by the answer's id. */
  offered: Readonly<Record<number, readonly Suggestion[]>>;
  /** The page's marks, shared with "What do I answer?". */
  outcomes: SuggestionOutcomesStore;
  onCopySuggestion: (suggestion: Suggestion) => void;
}) {
  const [body, setBody] = useState('');

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!body.trim() || sending) return;
    if (await onSend(body.trim())) setBody('');
  }

  return (
    <Card>
      <section aria-labelledby="coach-heading" className="flex flex-col gap-4">
        <h2 id="coach-heading" className="text-xl font-semibold text-ink">
          Ask your wingmate about {name}
        </h2>
        {hasOlder && (
          <Button size="sm" variant="ghost" className="self-center" onClick={onLoadOlder}>
            Show earlier messages
          </Button>
        )}
        {messages.length === 0 ? (
          <p className="text-ink-muted">
            Ask anything about {name}: what to plan for a first date, how to read their last message. Your
            wingmate reads their profile, your notes, the memory and the latest lines.
          </p>
        ) : (
          <ol aria-label="Coaching chat" className="flex flex-col gap-3">
            {messages.map((message) => (
              <li
                key={message.id}
                className={cn('flex flex-col gap-1', message.role === 'user' ? 'items-end' : 'items-start')}
              >
                <div
                  className={cn(
                    'max-w-[90%] rounded-2xl px-3.5 py-2',
                    message.role === 'user'
                      ? 'bg-brand-soft text-ink'
                      : 'border border-line bg-surface text-ink',
                  )}
                >
                  {message.role === 'ai' ? <MessageText text={message.body} /> : message.body}
                </div>
                {message.used && (
                  <p className="px-1 text-xs text-ink-muted">{memoryUsedWords(message.used)}</p>
                )}
                {offered[message.id]?.length ? (
                  <SuggestedMessages
                    suggestions={offered[message.id]!}
                    outcomes={outcomes}
                    showStyleLink={false}
                    onCopy={onCopySuggestion}
                  />
                ) : null}
              </li>
            ))}
          </ol>
        )}
        {paywall ? (
          <Paywall>{paywall}</Paywall>
        ) : (
          failure && (
            <ErrorNotice>
              <div className="flex flex-wrap items-center gap-3">
                <span className="flex-1">{failure}</span>
                {onRetry && (
                  <Button size="sm" variant="secondary" onClick={onRetry}>
                    <RotateCcw aria-hidden="true" className="size-4" />
                    Retry
                  </Button>
                )}
              </div>
            </ErrorNotice>
          )
        )}
        <form
          aria-label="Ask your wingmate"
          onSubmit={(event) => void send(event)}
          className="flex flex-col gap-2"
        >
          <Field
            multiline
            label="Ask your wingmate"
            rows={2}
            maxLength={4000}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" loading={sending} disabled={!body.trim()}>
              <Send aria-hidden="true" className="size-4" />
              Send
            </Button>
            <span className="text-sm text-ink-muted">Uses one message.</span>
          </div>
        </form>
      </section>
    </Card>
  );
}
