import { Camera, MessageCircle, PenLine, type LucideIcon } from 'lucide-react';
import type { ChatMode } from '@wingmate/core-sdk';

export interface QuickStart {
  label: string;
  icon: LucideIcon;
  /** What goes in the box; the person finishes it and sends. */
  text: string;
  /** The reply helper's mode it picks, when it has one. */
  mode?: ChatMode;
  hint: string;
}

export const quickStarts: readonly QuickStart[] = [
  {
    label: 'Write an opener',
    icon: MessageCircle,
    text: 'Help me write an opener. About my match: ',
    mode: 'opener',
    hint: 'Tell me a little about them',
  },
  {
    label: 'Reply to my match',
    icon: Camera,
    text: 'Help me reply to my match. They wrote: "',
    mode: 'reply',
    hint: 'Paste their message, or attach a screenshot',
  },
  {
    label: 'Review my bio',
    icon: PenLine,
    text: 'Please review my dating bio: ',
    hint: 'Paste your bio',
  },
];

/** An empty chat's first steps: each fills the box (and the helper's mode), never sends on its own. */
export function QuickStarts({ onPick }: { onPick: (start: QuickStart) => void }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-5 py-4 text-center sm:gap-6 sm:py-10">
      <div>
        <h2 className="text-xl font-semibold text-ink sm:text-2xl">What should we work on?</h2>
        <p className="mt-2 text-ink-muted">Pick a start, or just say hi.</p>
      </div>
      <ul className="grid w-full max-w-xl gap-3 sm:grid-cols-3" aria-label="Quick starts">
        {quickStarts.map((start) => (
          <li key={start.label}>
            <button
              type="button"
              onClick={() => onPick(start)}
              className="flex h-full w-full items-center gap-3 rounded-lg border border-line bg-surface p-3 text-left shadow-sm hover:border-line-strong hover:bg-surface-muted sm:flex-col sm:items-start sm:gap-2 sm:p-4"
            >
              <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-soft text-on-brand-soft">
                <start.icon aria-hidden="true" className="size-5" />
              </span>
              <span className="flex flex-col gap-0.5 sm:gap-2">
                <span className="font-semibold text-ink">{start.label}</span>
                <span className="text-sm text-ink-muted">{start.hint}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
