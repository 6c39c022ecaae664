import type { Suggestion } from '@wingmate/api-contract';
import type { ChatMessage, SuggestionOutcomesStore } from '@wingmate/core-sdk';
import { Check, Copy, RefreshCw } from 'lucide-react';
import { memo, useId, useState } from 'react';
import { cn } from '../../ui/cn';
import { Spinner } from '../../ui/Spinner';
import { MessagePhoto } from './MessagePhoto';
import { MessageText } from './MessageText';
import { SuggestedMessages } from './SuggestedMessages';

export interface MessageRowProps {
  message: ChatMessage;
  /** The newest reply, once whole: it offers Regenerate. */
  canRegenerate: boolean;
  /** Why Regenerate cannot be used now (no messages left): the button is shown disabled, with the reason. */
  regenerateBlocked?: string | null;
  onRegenerate: () => void;
  onCopy: (text: string) => Promise<boolean>;
  /** The marks of the messages replies offer, one store for the screen. */
  suggestionOutcomes: SuggestionOutcomesStore;
  onCopySuggestion: (suggestion: Suggestion) => void;
  /** Offer "Make suggestions sound like you" under this reply's suggestions. */
  showStyleLink: boolean;
}

const stateNotes: Partial<Record<ChatMessage['state'], string>> = {
  stopped: 'Stopped. The reply is kept as far as it came.',
  broken: 'The reply broke off. What came is kept.',
};

function CopyButton({ text, onCopy }: { text: string; onCopy: MessageRowProps['onCopy'] }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      onClick={() => void onCopy(text).then((done) => setCopied(done))}
      onBlur={() => setCopied(false)}
      className="inline-flex h-8 items-center gap-1.5 rounded-full px-2.5 text-xs font-medium text-ink-muted hover:bg-surface-muted hover:text-ink"
    >
      {copied ? (
        <Check aria-hidden="true" className="size-3.5" />
      ) : (
        <Copy aria-hidden="true" className="size-3.5" />
      )}
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

/** Regenerate on the newest reply; disabled, with the reason read with it, when it cannot be paid for. */
function RegenerateButton({ blocked, onRegenerate }: { blocked: string | null; onRegenerate: () => void }) {
  const reasonId = useId();
  return (
    <>
      <button
        type="button"
        onClick={onRegenerate}
        disabled={blocked !== null}
        aria-describedby={blocked ? reasonId : undefined}
        className="inline-flex h-8 items-center gap-1.5 rounded-full px-2.5 text-xs font-medium text-ink-muted enabled:hover:bg-surface-muted enabled:hover:text-ink disabled:opacity-60"
      >
        <RefreshCw aria-hidden="true" className="size-3.5" />
        Regenerate (uses 1 message)
      </button>
      {blocked && (
        <span id={reasonId} className="text-xs text-ink-muted">
          {blocked}
        </span>
      )}
    </>
  );
}

/**
 * One bubble: the person's on the right, the AI's on the left as markdown with Copy (and Regenerate on the newest
 * reply), and under a reply the messages it offers to send. Memoized on the message object, which the store
 * replaces only when that message changes, so typing or a streaming reply re-renders one row, never 500.
 */
export const MessageRow = memo(function MessageRow({
  message,
  canRegenerate,
  regenerateBlocked,
  onRegenerate,
  onCopy,
  suggestionOutcomes,
  onCopySuggestion,
  showStyleLink,
}: MessageRowProps) {
  const mine = message.role === 'user';
  const pending = message.state === 'streaming' || message.state === 'waiting';
  const note = stateNotes[message.state];
  return (
    <li className={cn('flex flex-col', mine ? 'items-end' : 'items-start')} aria-busy={pending || undefined}>
      <span className="sr-only">{mine ? 'You said:' : 'Wingmate said:'}</span>
      <div
        className={cn(
          'max-w-[min(85%,42rem)] rounded-lg px-4 py-2.5 text-[0.9375rem] leading-relaxed',
          mine ? 'rounded-br-sm bg-brand text-on-brand' : 'rounded-bl-sm bg-surface-muted text-ink',
        )}
      >
        {message.image && (
          <MessagePhoto
            image={message.image}
            variants={message.imageVariants}
            alt={mine ? 'Your photo' : ''}
          />
        )}
        {mine ? (
          <p className="break-words whitespace-pre-wrap">{message.body}</p>
        ) : message.body ? (
          <MessageText text={message.body} />
        ) : (
          <span className="inline-flex items-center gap-2 text-ink-muted">
            <Spinner size="sm" />
            {message.state === 'waiting' ? 'Working on your photo…' : 'Thinking…'}
          </span>
        )}
      </div>
      {note && <p className="mt-1 text-xs text-ink-muted">{note}</p>}
      {!mine && !pending && message.body && (
        <div className="mt-1 flex items-center gap-1">
          <CopyButton text={message.body} onCopy={onCopy} />
          {canRegenerate && (
            <RegenerateButton blocked={regenerateBlocked ?? null} onRegenerate={onRegenerate} />
          )}
        </div>
      )}
      {!mine && !pending && message.suggestions && message.suggestions.length > 0 && (
        <SuggestedMessages
          suggestions={message.suggestions}
          outcomes={suggestionOutcomes}
          showStyleLink={showStyleLink}
          onCopy={onCopySuggestion}
        />
      )}
    </li>
  );
});
