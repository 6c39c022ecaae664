import { photoProblemOf, photoProblemText, type ChatPhoto, type ChatState } from '@wingmate/core-sdk';
import { ImagePlus, SendHorizontal, Square, X } from 'lucide-react';
import {
  forwardRef,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type ClipboardEvent,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { RemainingNumber } from '../../frame/RemainingMessages';
import { Button } from '../../ui/Button';
import { IconButton } from '../../ui/IconButton';
import { chatDraft } from './device-memory';
import { imageFileOf, readPhoto } from './photo';

export const MESSAGE_MAX = 4000;
/** The box grows with its text up to this height, then scrolls. */
const MAX_HEIGHT_PX = 200;

export interface ComposerHandle {
  /** Puts text in the box (a quick start, text handed back) and focuses it; never sends. */
  fill(text: string): void;
  attach(file: File): void;
  focus(): void;
}

export interface ComposerProps {
  busy: ChatState['busy'];
  /** Text (and photo) the store handed back: a 402, a stop before the reply began, a cancelled upload. */
  restored: ChatState['restored'];
  remaining: number | null | undefined;
  onSend: (text: string, photo?: ChatPhoto) => boolean;
  onStop: () => void;
}

/** "12 messages left", "Unlimited messages". */
function RemainingCount({ remaining }: { remaining: number | null }) {
  const count = <RemainingNumber remaining={remaining} />;
  if (remaining === null) return <>{count} messages</>;
  return (
    <>
      {count} {remaining === 1 ? 'message' : 'messages'} left
    </>
  );
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line, it grows to a limit, and the draft is kept on this
 * device. A photo comes from "Attach photo", a drop or a paste (a screenshot), with a preview; while it uploads the
 * progress shows with Cancel, and while a reply streams Send becomes Stop.
 */
export const Composer = forwardRef<ComposerHandle, ComposerProps>(function Composer(
  { busy, restored, remaining, onSend, onStop },
  ref,
) {
  const [text, setText] = useState(() => chatDraft.read());
  const [photo, setPhoto] = useState<ChatPhoto | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();

  const grow = () => {
    const element = box.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, MAX_HEIGHT_PX)}px`;
  };

  const change = (next: string) => {
    setText(next);
    chatDraft.save(next);
  };

  const attach = (file: File) => {
    const problem = photoProblemOf(file);
    setPhotoError(problem && photoProblemText[problem]);
    if (problem) return;
    void readPhoto(file).then(setPhoto);
  };

  useImperativeHandle(ref, () => ({
    fill(next) {
      change(next);
      requestAnimationFrame(() => {
        const element = box.current;
        element?.focus();
        element?.setSelectionRange(next.length, next.length);
        grow();
      });
    },
    attach,
    focus: () => box.current?.focus(),
  }));

  useEffect(() => {
    if (!restored) return;
    change(restored.text);
    if (restored.photo) setPhoto(restored.photo);
    requestAnimationFrame(grow);
  }, [restored]);

  // A kept draft sizes the box as it appears; an empty box keeps its one row without measuring, since reading the
  // height then would lay out the whole new page inside this effect.
  useEffect(() => {
    if (box.current?.value) grow();
  }, []);

  // Stop and Cancel upload go once the reply is in: if one of them held the focus, the focus comes back to the
  // box instead of staying on Send (disabled while the box is empty) or falling to the page, so a keyboard user
  // keeps their place. Removing the focused button blurs it with no next target, so only a blur to another
  // element clears the flag.
  const stopHasFocus = useRef(false);
  const stopFocus = {
    onFocus: () => {
      stopHasFocus.current = true;
    },
    onBlur: (event: FocusEvent) => {
      if (event.relatedTarget) stopHasFocus.current = false;
    },
  };
  useEffect(() => {
    if (busy || !stopHasFocus.current) return;
    stopHasFocus.current = false;
    box.current?.focus();
  }, [busy]);

  const stop = () => {
    onStop();
    box.current?.focus();
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || (!text.trim() && !photo)) return;
    if (!onSend(text, photo ?? undefined)) return;
    change('');
    setPhoto(null);
    setPhotoError(null);
    requestAnimationFrame(grow);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const file = imageFileOf(event.clipboardData.files);
    if (!file) return;
    event.preventDefault();
    attach(file);
  };

  const left = remaining !== undefined;
  const canSend = !busy && (text.trim().length > 0 || photo !== null);
  return (
    <form
      onSubmit={submit}
      className="rounded-xl border border-line-strong bg-surface p-2 shadow-sm focus-within:border-brand"
    >
      {photo && (
        <div className="mb-2 flex items-center gap-3 rounded-lg bg-surface-muted p-2">
          {photo.previewUrl && (
            <img
              src={photo.previewUrl}
              alt="Attached to your message"
              className="size-14 rounded-md object-cover"
            />
          )}
          <p className="min-w-0 flex-1 truncate text-sm text-ink">
            {photo.name || 'Pasted photo'}
            {photo.width && photo.height ? (
              <span className="text-ink-muted">
                {' '}
                · {photo.width}×{photo.height}
              </span>
            ) : null}
          </p>
          <IconButton label="Remove photo" size="md" tone="on-muted" onClick={() => setPhoto(null)}>
            <X aria-hidden="true" className="size-4" />
          </IconButton>
        </div>
      )}
      {busy?.kind === 'upload' && (
        <div className="mb-2 flex items-center gap-3 px-2">
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs text-ink-muted">
            {busy.progress !== null && busy.progress >= 1
              ? 'Uploaded; waiting for the reply'
              : 'Uploading photo'}
            <progress
              className="h-1.5 w-full appearance-none overflow-hidden rounded-full bg-surface-muted [&::-moz-progress-bar]:bg-brand [&::-webkit-progress-bar]:bg-surface-muted [&::-webkit-progress-value]:bg-brand"
              max={1}
              value={busy.progress ?? undefined}
              aria-label="Upload progress"
            />
          </label>
          <Button variant="secondary" size="sm" onClick={stop} {...stopFocus}>
            Cancel upload
          </Button>
        </div>
      )}
      <label htmlFor={`${hintId}-box`} className="sr-only">
        Message
      </label>
      <textarea
        id={`${hintId}-box`}
        ref={box}
        value={text}
        onChange={(event) => {
          change(event.target.value);
          grow();
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        rows={1}
        maxLength={MESSAGE_MAX}
        placeholder="Message your wingmate…"
        aria-describedby={[hintId, photoError ? errorId : ''].filter(Boolean).join(' ')}
        className="block max-h-[200px] min-h-11 w-full resize-none bg-transparent px-2 py-2.5 text-base text-ink outline-none placeholder:text-ink-muted"
      />
      {photoError && (
        <p id={errorId} role="alert" className="px-2 pb-1 text-sm font-medium text-danger">
          {photoError}
        </p>
      )}
      <div className="flex items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) attach(file);
              event.target.value = '';
            }}
          />
          <IconButton
            label="Attach photo"
            title="Attach photo"
            onClick={() => fileInput.current?.click()}
            disabled={busy !== null}
          >
            <ImagePlus aria-hidden="true" className="size-5" />
          </IconButton>
          <p id={hintId} className="truncate text-xs text-ink-muted">
            {left && (
              <span className="font-medium text-ink">
                <RemainingCount remaining={remaining} />
              </span>
            )}
            <span className="hidden sm:inline">
              {left ? ' · ' : ''}Enter to send, Shift+Enter for a new line
            </span>
          </p>
        </div>
        {busy?.kind === 'stream' ? (
          <Button type="button" variant="secondary" onClick={stop} {...stopFocus}>
            <Square aria-hidden="true" className="size-4" />
            Stop
          </Button>
        ) : (
          <Button type="submit" disabled={!canSend}>
            <SendHorizontal aria-hidden="true" className="size-4" />
            Send
          </Button>
        )}
      </div>
    </form>
  );
});
