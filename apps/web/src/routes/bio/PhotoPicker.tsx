import { Camera, ImagePlus } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';

/** What the pickers offer; the server checks the bytes and says what it refuses (HEIC where it cannot read it). */
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

/**
 * The ways in for photos: "Attach photo" (a file picker, several at once), "Take photo" on phones (the camera,
 * through the `capture` attribute), and dropping files on the area.
 */
export function PhotoPicker({ room, onFiles }: { room: number; onFiles: (files: File[]) => void }) {
  const library = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const full = room <= 0;

  function take(list: FileList | null) {
    const files = Array.from(list ?? []);
    if (files.length) onFiles(files);
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!full) take(event.dataTransfer.files);
  }

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!full) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      className={cn(
        'flex flex-col items-center gap-4 rounded-xl border-2 border-dashed p-6 text-center transition-colors',
        'motion-reduce:transition-none sm:p-8',
        dragging ? 'border-brand bg-brand-soft' : 'border-line-strong bg-surface',
      )}
    >
      <ImagePlus aria-hidden="true" className="size-8 text-ink-muted" />
      <p className="text-ink">
        {full
          ? 'You have 9 photos, the most a profile shows. Delete one to add another.'
          : `Drop photos here, or pick them. ${room} more ${room === 1 ? 'fits' : 'fit'}.`}
      </p>
      <p className="text-sm text-ink-muted">JPEG, PNG or WebP, up to 10 MB each.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => library.current?.click()} disabled={full}>
          <ImagePlus aria-hidden="true" className="size-4" />
          Attach photo
        </Button>
        <Button
          variant="secondary"
          className="sm:hidden"
          onClick={() => camera.current?.click()}
          disabled={full}
        >
          <Camera aria-hidden="true" className="size-4" />
          Take photo
        </Button>
      </div>
      <input
        ref={library}
        type="file"
        accept={ACCEPTED}
        multiple
        hidden
        data-testid="photo-input"
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
    </div>
  );
}
