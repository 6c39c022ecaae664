import type { Suggestion, SuggestionOutcome } from '@wingmate/api-contract';
import {
  markedWords,
  outcomeChoices,
  soundsLikeYouWords,
  suggestionActionName,
  suggestionOutcomeWords,
  toneWords,
  type SuggestionMark,
} from '@wingmate/core-sdk';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';

export interface SuggestionCardProps {
  suggestion: Suggestion;
  /** What the person marked it with; none while it is not marked. */
  mark: SuggestionMark | undefined;
  /** Offered in a match: "Date planned" is offered too. */
  inMatch: boolean;
  onMark: (outcome: SuggestionOutcome) => void;
  onCopy: () => void;
  /** Which of the list's suggestions of its tone and kind it is, when there are several (`suggestionOrdinals`). */
  ordinal?: number;
}

/**
 * One suggested message, an item of a list of them (a match's replies, a chat reply's openers): its tone, how much
 * it sounds like the person once they have a style (docs/product.md#sounds-like-me), Copy, and the marks: sent,
 * then what came of it (docs/product.md#what-works-for-you). Each button names the suggestion by tone and kind
 * ("Mark the witty opener sent"), since the list holds several.
 */
export function SuggestionCard({ suggestion, mark, inMatch, onMark, onCopy, ordinal }: SuggestionCardProps) {
  const score = soundsLikeYouWords(suggestion.sounds_like_you);
  const marked = markedWords(mark);
  const actions = useRef<HTMLDivElement>(null);
  const [keepFocus, setKeepFocus] = useState(false);
  // A mark disables its buttons while it saves and "Sent" then gives way to what came of it: focus would fall back
  // to the page, so it moves to the first mark now offered (or Copy), and a keyboard user carries on from there.
  useEffect(() => {
    if (!keepFocus || mark?.pending) return;
    setKeepFocus(false);
    const box = actions.current;
    if (!box || box.contains(document.activeElement)) return;
    const next = box.querySelector<HTMLButtonElement>('button[data-outcome]:not(:disabled)');
    (next ?? box.querySelector<HTMLButtonElement>('button'))?.focus();
  }, [keepFocus, mark?.pending, mark?.sent]);
  // Spaced by margins, not a gap: the live region stays in place while empty, taking no room.
  return (
    <li className="flex flex-col rounded-lg border border-line bg-surface p-3 sm:p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="brand">{toneWords[suggestion.tone]}</Badge>
        {score && <span className="text-xs font-medium text-ink-muted">{score}</span>}
      </div>
      <p className="mt-2 flex-1 break-words whitespace-pre-wrap text-ink sm:mt-3">{suggestion.text}</p>
      <div ref={actions} className="mt-2 flex flex-wrap gap-2 sm:mt-3">
        <Button
          size="sm"
          variant="secondary"
          aria-label={suggestionActionName('copy', suggestion, ordinal)}
          onClick={onCopy}
        >
          <Copy aria-hidden="true" className="size-4" />
          Copy
        </Button>
        {outcomeChoices(mark, inMatch).map((outcome) => (
          <Button
            key={outcome}
            data-outcome={outcome}
            size="sm"
            variant="ghost"
            className="border border-line"
            aria-label={suggestionActionName(outcome, suggestion, ordinal)}
            loading={mark?.pending === outcome}
            disabled={Boolean(mark?.pending)}
            onClick={() => {
              setKeepFocus(true);
              onMark(outcome);
            }}
          >
            {suggestionOutcomeWords[outcome]}
          </Button>
        ))}
      </div>
      {/* Polite: the mark shows at once, and changes back with the reason when the server refuses it. */}
      <div aria-live="polite" className="flex flex-col text-sm">
        {marked && (
          <p className="mt-2 inline-flex items-center gap-1.5 font-medium text-success">
            <Check aria-hidden="true" className="size-4" />
            Marked: {marked}
          </p>
        )}
        {mark?.failed && <p className="mt-2 font-medium text-danger">{mark.failed}</p>}
      </div>
    </li>
  );
}
