import type { Roast } from '@wingmate/api-contract';
import { collectPages } from '@wingmate/core-sdk';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { RequireSignIn } from '../../frame/RequireSignIn';
import { useClient } from '../../stores/services';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadStatus } from '../../ui/LoadStatus';
import { errorMessage } from '../../ui/error-message';
import { Field } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { useToast } from '../../ui/toast-store';
import { useLoader } from '../../ui/useLoader';
import { RoastItem } from './RoastItem';

/** `/roasts` (members): the roasts they saved, newest first; write a new one, edit any. */
export function RoastsPage() {
  return (
    <RequireSignIn>
      <RoastsScreen />
    </RequireSignIn>
  );
}

function RoastsScreen() {
  const client = useClient();
  const { state, reload, update } = useLoader<Roast[]>((signal) =>
    collectPages((page) => client.account.listRoasts({ page }, { signal })),
  );
  return (
    <Page
      title="Your roasts"
      intro={<p>The roasts you keep: the lines that made you laugh, ready to reuse or to improve.</p>}
    >
      <NewRoast onCreated={(roast) => update((roasts) => [roast, ...roasts])} />
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
          (state.data.length === 0 ? (
            <p className="rounded-lg border border-dashed border-line-strong p-6 text-center text-ink-muted">
              No roasts yet. Write your first one above.
            </p>
          ) : (
            <ul className="flex flex-col gap-3">
              {state.data.map((roast) => (
                <li key={roast.id}>
                  <RoastItem
                    roast={roast}
                    onSaved={(saved) =>
                      update((roasts) => roasts.map((kept) => (kept.id === saved.id ? saved : kept)))
                    }
                  />
                </li>
              ))}
            </ul>
          ))}
      </section>
    </Page>
  );
}

function NewRoast({ onCreated }: { onCreated(roast: Roast): void }) {
  const client = useClient();
  const toast = useToast();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setError('Write the roast first.');
      return;
    }
    setError(undefined);
    setSaving(true);
    try {
      onCreated(await client.account.createRoast({ text: text.trim() }));
      setText('');
      toast({ title: 'Roast saved', tone: 'success' });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <form onSubmit={create} aria-label="New roast" className="flex flex-col gap-3">
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
