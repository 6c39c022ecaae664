import type { RoastsStore } from '@wingmate/core-sdk';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { RequireSignIn } from '../../frame/RequireSignIn';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadStatus } from '../../ui/LoadStatus';
import { errorMessage } from '../../ui/error-message';
import { Field } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { useToast } from '../../ui/toast-store';
import { useLoader } from '../../ui/useLoader';
import { RoastItem } from './RoastItem';
import { useRoastsStore } from './use-profile-stores';

/** `/roasts` (members): the roasts they saved, newest first; write a new one, edit any. */
export function RoastsPage() {
  return (
    <RequireSignIn>
      <RoastsScreen />
    </RequireSignIn>
  );
}

function RoastsScreen() {
  const store = useRoastsStore();
  const { state, reload } = useLoader((signal) => store.load(signal));
  const roasts = useStore(store, (loaded) => loaded.roasts);
  return (
    <Page
      title="Your roasts"
      intro={<p>The roasts you keep: the lines that made you laugh, ready to reuse or to improve.</p>}
    >
      <NewRoast store={store} />
      <section aria-labelledby="saved-roasts" className="flex flex-col gap-4">
        <h2 id="saved-roasts" className="text-2xl font-semibold text-ink">
          Saved roasts
        </h2>
        <LoadStatus
          state={state}
          onRetry={reload}
          loadingLabel="Loading your roasts"
          failure="Your roasts could not be loaded."
          spinnerClassName="py-10"
        />
        {state.status === 'ready' &&
          (roasts.length === 0 ? (
            <p className="rounded-lg border border-dashed border-line-strong p-6 text-center text-ink-muted">
              No roasts yet. Write your first one above.
            </p>
          ) : (
            <ul className="flex flex-col gap-3">
              {roasts.map((roast) => (
                <li key={roast.id}>
                  <RoastItem store={store} roast={roast} />
                </li>
              ))}
            </ul>
          ))}
      </section>
    </Page>
  );
}

function NewRoast({ store }: { store: RoastsStore }) {
  const toast = useToast();
  const saving = useStore(store, (roasts) => roasts.creating);
  const failure = useStore(store, (roasts) => roasts.createError);
  const [text, setText] = useState('');
  const [missingText, setMissingText] = useState<string>();
  const error = missingText ?? (failure ? errorMessage(failure) : undefined);

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setMissingText('Write the roast first.');
      return;
    }
    setMissingText(undefined);
    if (!(await store.create(text.trim()))) return;
    setText('');
    toast({ title: 'Roast saved', tone: 'success' });
  }

  return (
    <Card>
      <form onSubmit={(event) => void create(event)} aria-label="New roast" className="flex flex-col gap-3">
        <Field
          multiline
          label="New roast"
          value={text}
          rows={3}
          maxLength={5000}
          placeholder="Your bio says ‘loves travel’. So does every airport."
          error={error}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" loading={saving} className="self-start">
          <Plus aria-hidden="true" className="size-4" />
          Save
        </Button>
      </form>
    </Card>
  );
}
