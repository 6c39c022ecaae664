import type { Suggestion, SuggestionOutcome } from '@wingmate/api-contract';
import { soundsLikeYouWords, suggestionActionName, toneWords, type SuggestionMark } from '@wingmate/core-sdk';
import { Copy } from 'lucide-react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { SuggestionMarks } from './SuggestionMarks';

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
  return (
    <li className="flex flex-col rounded-lg border border-line bg-surface p-3 sm:p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="brand">{toneWords[suggestion.tone]}</Badge>
        {score && <span className="text-xs font-medium text-ink-muted">{score}</span>}
      </div>
      <p className="mt-2 flex-1 break-words whitespace-pre-wrap text-ink sm:mt-3">{suggestion.text}</p>
      <SuggestionMarks
        suggestion={suggestion}
        mark={mark}
        inMatch={inMatch}
        onMark={onMark}
        ordinal={ordinal}
      >
        <Button
          size="sm"
          variant="secondary"
          aria-label={suggestionActionName('copy', suggestion, ordinal)}
          onClick={onCopy}
        >
          <Copy aria-hidden="true" className="size-4" />
          Copy
        </Button>
      </SuggestionMarks>
    </li>
  );
}
