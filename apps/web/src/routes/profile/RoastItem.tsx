import type { Roast } from '@wingmate/api-contract';
import { formatDate, roastIntensityWords, type RoastsStore } from '@wingmate/core-sdk';
import { Pencil, Save } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { errorMessage } from '../../ui/error-message';
import { Field } from '../../ui/Field';
import { LazyMarkdown } from '../../ui/LazyMarkdown';
import { useToast } from '../../ui/toast-store';
import { focusOnMount } from '../../ui/focus-on-mount';

/**
 * One saved roast, with its intensity when the wingmate wrote it: read it, or edit it in place (Escape or Cancel
 * leaves the text as it was).
 */
export function RoastItem({ store, roast }: { store: RoastsStore; roast: Roast }) {
  const toast = useToast();
  const saving = useStore(store, (roasts) => roasts.saving.has(roast.id));
  const failure = useStore(store, (roasts) => roasts.saveErrors[roast.id]);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(roast.text);
  const [missingText, setMissingText] = useState<string>();
  const error = missingText ?? (failure ? errorMessage(failure) : undefined);
  const editButton = useRef<HTMLButtonElement>(null);

  function stopEditing() {
    setEditing(false);
    setMissingText(undefined);
    store.clearSaveError(roast.id);
    requestAnimationFrame(() => editButton.current?.focus());
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setMissingText('A roast needs some words.');
      return;
    }
    setMissingText(undefined);
    if (!(await store.update(roast.id, text.trim()))) return;
    toast({ title: 'Roast saved', tone: 'success' });
    stopEditing();
  }

  const date = formatDate(roast.updated_at);
  if (editing) {
    return (
      // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape anywhere in the form cancels the edit: the key comes up from its field and buttons, the form only catches it
      <form
        onSubmit={(event) => void save(event)}
        aria-label="Edit roast"
        className="flex flex-col gap-3 rounded-lg border border-brand bg-surface p-4"
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setText(roast.text);
            stopEditing();
          }
        }}
      >
        <Field
          multiline
          label="Edit roast"
          value={text}
          rows={4}
          maxLength={5000}
          ref={focusOnMount}
          error={error}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" size="sm" loading={saving}>
            <Save aria-hidden="true" className="size-4" />
            Save
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={saving}
            onClick={() => {
              setText(roast.text);
              stopEditing();
            }}
          >
            Cancel
          </Button>
        </div>
      </form>
    );
  }
  return (
    <article className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4">
      <LazyMarkdown className="text-ink">{roast.text}</LazyMarkdown>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          {roast.intensity && <Badge tone="brand">{roastIntensityWords[roast.intensity].label}</Badge>}
          Saved {date}
        </span>
        <Button
          ref={editButton}
          size="sm"
          variant="secondary"
          onClick={() => {
            setText(roast.text);
            setEditing(true);
          }}
        >
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </Button>
      </div>
    </article>
  );
}
