import type { Suggestion } from '@wingmate/api-contract';
import { styleLinkIndex, type ChatMessage, type SuggestionOutcomesStore } from '@wingmate/core-sdk';
import { useCallback, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { MessageRow } from './MessageRow';

export interface MessageListProps {
  messages: readonly ChatMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  canRegenerate: boolean;
  /** Why the newest reply's Regenerate cannot be used now, if it cannot (see MessageRow). */
  regenerateBlocked?: string | null;
  onRegenerate: () => void;
  onCopy: (text: string) => Promise<boolean>;
  /** The marks of the messages replies offer to send, one store for the screen. */
  suggestionOutcomes: SuggestionOutcomesStore;
  onCopySuggestion: (suggestion: Suggestion) => void;
  /** Shown under the messages: the failure of the last send, with Retry. */
  footer?: ReactNode;
  /** Shown instead of the messages when there are none (the quick starts). */
  empty?: ReactNode;
}

/** Near the top, the next older page is asked for; near the bottom, new text keeps the view pinned there. */
const OLDER_THRESHOLD_PX = 200;
const PINNED_THRESHOLD_PX = 80;

/**
 * The conversation, newest at the bottom. Scrolling up loads older pages, keeping what was on screen in place
 * (the height they add is added to the scroll position); while the reader is at the bottom, new messages and
 * streamed tokens keep it there.
 */
export function MessageList({
  messages,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  canRegenerate,
  regenerateBlocked,
  onRegenerate,
  onCopy,
  suggestionOutcomes,
  onCopySuggestion,
  footer,
  empty,
}: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const firstKey = messages[0]?.key;
  const previous = useRef<{ firstKey: string | undefined; height: number }>({ firstKey, height: 0 });

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = previous.current;
    if (before.firstKey !== undefined && before.firstKey !== firstKey && !pinned.current) {
      // Older messages went in above: keep the ones that were on screen where they were.
      element.scrollTop += element.scrollHeight - before.height;
    } else if (pinned.current) {
      element.scrollTop = element.scrollHeight;
    }
    previous.current = { firstKey, height: element.scrollHeight };
  });

  // While the reader is at the bottom, whatever changes the heights after a render keeps the newest message in
  // view: the conversation's (a photo or a font arriving, rows wrapping anew) or the view's own (the banner above
  // arriving or going, the composer growing, the on-screen keyboard).
  useEffect(() => {
    const element = scroller.current;
    const content = element?.firstElementChild;
    if (!element || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (pinned.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(content);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < PINNED_THRESHOLD_PX;
    if (element.scrollTop < OLDER_THRESHOLD_PX && hasOlder && !loadingOlder) onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  // A short first page may not fill the view, so no scroll ever happens: ask for the next one.
  useEffect(() => {
    const element = scroller.current;
    const laidOut = element !== null && element.clientHeight > 0;
    if (laidOut && hasOlder && !loadingOlder && element.scrollHeight <= element.clientHeight) onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder, messages.length]);

  const lastIndex = messages.length - 1;
  const styleLinkAt = styleLinkIndex(messages);
  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      // The browser's own scroll anchoring is off: this list keeps its place itself (older pages, pinning).
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain [overflow-anchor:none]"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (axe: scrollable-region-focusable)
      tabIndex={0}
      role="region"
      aria-label="Conversation"
    >
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-gutter py-4">
        {hasOlder && (
          <div className="flex justify-center">
            {loadingOlder ? (
              <Spinner label="Loading earlier messages" />
            ) : (
              <Button variant="ghost" size="sm" onClick={onLoadOlder}>
                Load earlier messages
              </Button>
            )}
          </div>
        )}
        {messages.length === 0 ? (
          empty
        ) : (
          <ol className="flex flex-col gap-4" aria-live="polite" aria-relevant="additions">
            {messages.map((message, index) => (
              <MessageRow
                key={message.key}
                message={message}
                canRegenerate={canRegenerate && index === lastIndex && message.role === 'ai'}
                regenerateBlocked={index === lastIndex ? regenerateBlocked : null}
                onRegenerate={onRegenerate}
                onCopy={onCopy}
                suggestionOutcomes={suggestionOutcomes}
                onCopySuggestion={onCopySuggestion}
                showStyleLink={index === styleLinkAt}
              />
            ))}
          </ol>
        )}
        {footer}
      </div>
    </div>
  );
}
