import type { MatchLineDraft } from '@wingmate/api-contract';
import { MATCH_LIMITS, SCREENSHOT_TYPES } from '@wingmate/core-sdk';
import { ArrowLeftRight, Check, ImagePlus, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { cn } from '../../ui/cn';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { ProgressBar } from '../../ui/ProgressBar';

/** What the server reads: the picker offers these; the store refuses anything else before sending. */
const ACCEPTED = SCREENSHOT_TYPES.join(',');

/** One screenshot on its way: its name, how far it has come (0 to 1, or unknown) and what it is doing, in words. */
export interface ScreenshotProgress {
  key: string;
  name: string;
  fraction?: number;
  state: string;
  error?: string;
}

export interface ImportActions {
  addFiles: (files: File[]) => void;
  flip: (index: number) => void;
  edit: (index: number, text: string) => void;
  remove: (index: number) => void;
  confirm: () => void;
}

/**
 * "Import screenshots" (docs/product.md#screenshots-to-a-conversation): drop or pick several screenshots of the
 * conversation; each one's progress shows, and is announced; then the transcript read from them, to correct (flip a
 * line's side, edit or remove it) and add to the conversation.
 */
export function ScreenshotImport({
  name,
  screenshots,
  announcement,
  draft,
  failure,
  confirming,
  actions,
}: {
  name: string;
  screenshots: ScreenshotProgress[];
  /** What a screen reader hears as the reading goes ("Reading screenshot 2 of 3, 40 %"). */
  announcement: string;
  /** The transcript read, once every screenshot is read; null before. */
  draft: MatchLineDraft[] | null;
  failure?: string;
  confirming: boolean;
  actions: ImportActions;
}) {
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  function take(list: FileList | null) {
    const files = Array.from(list ?? []);
    if (files.length) actions.addFiles(files);
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  }

  return (
    <Card>
      <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
        <h2 id={`${id}-heading`} className="text-xl font-semibold text-ink">
          Import screenshots
        </h2>
        <div
          data-testid="screenshot-drop-zone"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          className={cn(
            'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-5 text-center transition-colors',
            'motion-reduce:transition-none sm:flex-row sm:text-left',
            dragging ? 'border-brand bg-brand-soft' : 'border-line-strong bg-surface',
          )}
        >
          <ImagePlus aria-hidden="true" className="size-8 shrink-0 text-ink-muted" />
          <p className="flex-1 text-sm text-ink">
            Drop screenshots of your chat here, in any order, up to {MATCH_LIMITS.screenshotsPerImport} at a
            time. PNG, JPEG or WebP, up to 10 MB each. They are read here and not kept.
          </p>
          <Button variant="secondary" onClick={() => picker.current?.click()}>
            <ImagePlus aria-hidden="true" className="size-4" />
            Choose screenshots
          </Button>
          <input
            ref={picker}
            type="file"
            accept={ACCEPTED}
            multiple
            hidden
            data-testid="screenshot-input"
            onChange={(event) => {
              take(event.target.files);
              event.target.value = '';
            }}
          />
        </div>
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
        {screenshots.length > 0 && (
          <ul aria-label="Screenshots" className="flex flex-col gap-2">
            {screenshots.map((shot) => (
              <li key={shot.key} className="flex flex-col gap-1">
                <span className="flex justify-between gap-2 text-sm">
                  <span className="truncate text-ink">{shot.name}</span>
                  <span className={shot.error ? 'text-danger' : 'text-ink-muted'}>
                    {shot.error ?? shot.state}
                  </span>
                </span>
                <ProgressBar label={`Reading ${shot.name}`} fraction={shot.fraction} />
              </li>
            ))}
          </ul>
        )}
        {failure && <ErrorNotice>{failure}</ErrorNotice>}
        {draft && <DraftLines name={name} draft={draft} confirming={confirming} actions={actions} />}
      </section>
    </Card>
  );
}

/** The transcript read from the screenshots, to check before it joins the conversation. */
function DraftLines({
  name,
  draft,
  confirming,
  actions,
}: {
  name: string;
  draft: MatchLineDraft[];
  confirming: boolean;
  actions: ImportActions;
}) {
  const who = (side: MatchLineDraft['side']) => (side === 'me' ? 'You' : name);
  return (
    <form
      aria-label="Check the conversation read"
      onSubmit={(event) => {
        event.preventDefault();
        actions.confirm();
      }}
      className="flex flex-col gap-3"
    >
      <p className="text-sm text-ink">
        Check what was read: flip a line to the other side if it is the wrong person’s, and fix any word.
      </p>
      <ol className="flex flex-col gap-2">
        {draft.map((line, index) => {
          const number = index + 1;
          return (
            // Draft lines have no id until they are added: their place is what the store's actions take.
            <li
              key={index}
              className={cn(
                'flex flex-col gap-2 rounded-lg border p-3',
                line.side === 'me' ? 'border-brand/50 sm:ml-8' : 'border-line sm:mr-8',
              )}
            >
              <span className="text-xs font-semibold text-ink-muted">{who(line.side)}</span>
              <textarea
                aria-label={`Line ${number}, ${who(line.side)}`}
                value={line.text}
                rows={1}
                maxLength={MATCH_LIMITS.lineLength}
                onChange={(event) => actions.edit(index, event.target.value)}
                className="block w-full resize-y rounded-md border border-line-strong bg-surface px-3 py-2 text-base text-ink field-sizing-content"
              />
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Flip side of line ${number}: ${line.text}`}
                  onClick={() => actions.flip(index)}
                >
                  <ArrowLeftRight aria-hidden="true" className="size-4" />
                  Flip side
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove line ${number}: ${line.text}`}
                  onClick={() => actions.remove(index)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button type="submit" loading={confirming} disabled={draft.length === 0} className="self-start">
        <Check aria-hidden="true" className="size-4" />
        Add to conversation
      </Button>
    </form>
  );
}
