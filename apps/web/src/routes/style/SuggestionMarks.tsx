import type { Suggestion, SuggestionOutcome } from '@wingmate/api-contract';
import {
  markedWords,
  outcomeChoices,
  suggestionActionName,
  suggestionOutcomeWords,
  type SuggestionMark,
} from '@wingmate/core-sdk';
import { Check } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../ui/Button';

export interface SuggestionMarksProps {
  suggestion: Pick<Suggestion, 'kind' | 'tone'>;
  /** What the person marked it with; none while it is not marked. */
  mark: SuggestionMark | undefined;
  /** Offered in a match: "Date planned" is offered too. */
  inMatch: boolean;
  onMark: (outcome: SuggestionOutcome) => void;
  /** Which of the list's suggestions of its tone and kind it is, when there are several (`suggestionOrdinals`). */
  ordinal?: number;
  /** The buttons before the marks, in the same row (Copy). */
  children?: ReactNode;
}

/**
 * A suggestion's marks (docs/product.md#what-works-for-you): "Sent", then what came of it, each named by tone and
 * kind ("Mark the witty opener sent") since a list holds several, and what it is marked with, said politely.
 */
export function SuggestionMarks({
  suggestion,
  mark,
  inMatch,
  onMark,
  ordinal,
  children,
}: SuggestionMarksProps) {
  const marked = markedWords(mark);
  const actions = useRef<HTMLDivElement>(null);
  const [keepFocus, setKeepFocus] = useState(false);
  // A mark disables its buttons while it saves and "Sent" then gives way to what came of it: focus would fall back
  // to the page, so it moves to the first mark now offered (or the row's first button), and a keyboard user
  // carries on from there.
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
    <>
      <div ref={actions} className="mt-2 flex flex-wrap gap-2 sm:mt-3">
        {children}
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
    </>
  );
}
