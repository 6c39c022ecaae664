import type { BioVersion, SuggestionOutcome } from '@wingmate/api-contract';
import { characterCount, soundsLikeYouWords, type SuggestionMark } from '@wingmate/core-sdk';
import { Copy, PenLine } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { SuggestionMarks } from '../style/SuggestionMarks';

/** What a version was made for: its tone ("Funny") or the rewrite asked ("make it funnier"). */
export function versionLabel(version: BioVersion): string {
  if (version.instruction) return `Rewrite: “${version.instruction}”`;
  const tone = version.tone ?? 'Suggested';
  return tone[0]!.toUpperCase() + tone.slice(1);
}

/** How the version's bio line is marked, and which of the list's lines of its tone it is (`suggestionOrdinals`). */
export interface BioLineMarks {
  mark: SuggestionMark | undefined;
  ordinal: number | undefined;
  onMark: (outcome: SuggestionOutcome) => void;
}

/**
 * One AI-written version: its label, how much it sounds like the person (docs/product.md#sounds-like-me), the text,
 * the ways to take it, and the marks of the bio line it is offered as (docs/product.md#what-works-for-you).
 */
export function BioVersionCard({
  version,
  line,
  onUse,
  onCopy,
}: {
  version: BioVersion;
  /** The marks of its bio line; versions written before bios were offered as lines have none. */
  line: BioLineMarks | undefined;
  onUse: (text: string) => void;
  onCopy: (text: string) => void;
}) {
  const labelId = useId();
  const offered = version.suggestions[0];
  const score = soundsLikeYouWords(offered?.sounds_like_you ?? null);
  const actions = (
    <>
      <Button size="sm" variant="secondary" onClick={() => onUse(version.text)}>
        <PenLine aria-hidden="true" className="size-4" />
        Use this
      </Button>
      <Button size="sm" variant="ghost" onClick={() => onCopy(version.text)}>
        <Copy aria-hidden="true" className="size-4" />
        Copy
      </Button>
    </>
  );
  return (
    <article
      aria-labelledby={labelId}
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge id={labelId} tone={version.instruction ? 'neutral' : 'brand'} className="max-w-full truncate">
          {versionLabel(version)}
        </Badge>
        <span className="flex flex-wrap gap-x-3 text-xs text-ink-muted">
          {score && <span className="font-medium">{score}</span>}
          <span>{characterCount(version.text)} characters</span>
        </span>
      </div>
      {/* The text as it is copied and pasted into a dating app: plain, never rendered as markdown. */}
      <p className="leading-7 break-words whitespace-pre-wrap text-ink">{version.text}</p>
      {offered && line ? (
        <div className="-mt-3 flex flex-col">
          <SuggestionMarks
            suggestion={offered}
            mark={line.mark}
            inMatch={false}
            onMark={line.onMark}
            ordinal={line.ordinal}
          >
            {actions}
          </SuggestionMarks>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">{actions}</div>
      )}
    </article>
  );
}
