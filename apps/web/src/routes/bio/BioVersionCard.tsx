import type { BioVersion } from '@wingmate/api-contract';
import { characterCount } from '@wingmate/core-sdk';
import { Copy, PenLine } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Markdown } from '../../ui/Markdown';

/** What a version was made for: its tone ("Funny") or the rewrite asked ("make it funnier"). */
export function versionLabel(version: BioVersion): string {
  if (version.instruction) return `Rewrite: “${version.instruction}”`;
  const tone = version.tone ?? 'Suggested';
  return tone[0]!.toUpperCase() + tone.slice(1);
}

/** One AI-written version: its label, the text, and the ways to take it. */
export function BioVersionCard({
  version,
  onUse,
  onCopy,
}: {
  version: BioVersion;
  onUse: (text: string) => void;
  onCopy: (text: string) => void;
}) {
  const labelId = useId();
  return (
    <article
      aria-labelledby={labelId}
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge id={labelId} tone={version.instruction ? 'neutral' : 'brand'} className="max-w-full truncate">
          {versionLabel(version)}
        </Badge>
        <span className="text-xs text-ink-muted">{characterCount(version.text)} characters</span>
      </div>
      <Markdown className="text-ink">{version.text}</Markdown>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => onUse(version.text)}>
          <PenLine aria-hidden="true" className="size-4" />
          Use this
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onCopy(version.text)}>
          <Copy aria-hidden="true" className="size-4" />
          Copy
        </Button>
      </div>
    </article>
  );
}
