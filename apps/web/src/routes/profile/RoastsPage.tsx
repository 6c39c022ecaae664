import type { RoastIntensity } from '@wingmate/api-contract';
import { roastIntensityChoices, type RoastsStore } from '@wingmate/core-sdk';
import { Flame, Plus } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from 'zustand';
import { RequireSignIn } from '../../frame/RequireSignIn';
import { Button, buttonClasses } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { LoadStatus } from '../../ui/LoadStatus';
import { errorMessage } from '../../ui/error-message';
import { Field } from '../../ui/Field';
import { loadAiText } from '../../ui/ai-text-loader';
import { Page } from '../../ui/Page';
import { useToast } from '../../ui/toast-store';
import { useLoader } from '../../ui/useLoader';
import { RoastItem } from './RoastItem';
import { useRoastsStore } from './use-profile-stores';

/**
 * `/roasts` (members): ask the wingmate for a roast at an intensity, or write one; the roasts saved, newest first,
 * each editable.
 */
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
  // Every roast is drawn as markdown: its renderer loads beside the roasts, not after them.
  useEffect(() => void loadAiText(), []);
  const roasts = useStore(store, (loaded) => loaded.roasts);
  return (
    <Page
      title="Your roasts"
      intro={<p>The roasts you keep: the lines that made you laugh, ready to reuse or to improve.</p>}
    >
      <GenerateRoast store={store} />
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

/** Asks the wingmate for a roast of the bio and photos at the intensity chosen (one message). */
function GenerateRoast({ store }: { store: RoastsStore }) {
  const toast = useToast();
  const id = useId();
  const generating = useStore(store, (roasts) => roasts.generating);
  const failure = useStore(store, (roasts) => roasts.generateError);
  const paywall = useStore(store, (roasts) => roasts.paywall);
  const [intensity, setIntensity] = useState<RoastIntensity>('honest');

  async function generate(event: FormEvent) {
    event.preventDefault();
    if (await store.generate(intensity)) toast({ title: 'Your roast is ready', tone: 'success' });
  }

  return (
    <Card>
      <form
        onSubmit={(event) => void generate(event)}
        aria-label="Roast my profile"
        className="flex flex-col gap-4"
      >
        <fieldset role="radiogroup" aria-labelledby={`${id}-legend`} className="flex flex-col gap-2">
          <legend id={`${id}-legend`} className="mb-2 text-lg font-semibold text-ink">
            Intensity
          </legend>
          <div className="grid gap-2 md:grid-cols-3">
            {roastIntensityChoices.map(({ value, name, meaning }) => (
              <label
                key={value}
                className="flex cursor-pointer items-start gap-3 rounded-md border border-line px-3 py-2.5 has-checked:border-brand"
              >
                <input
                  type="radio"
                  name={`${id}-intensity`}
                  value={value}
                  checked={intensity === value}
                  onChange={() => setIntensity(value)}
                  aria-labelledby={`${id}-${value}`}
                  aria-describedby={`${id}-${value}-meaning`}
                  className="mt-1 size-4 shrink-0 accent-brand"
                />
                <span className="flex flex-col gap-0.5">
                  <span id={`${id}-${value}`} className="font-medium text-ink">
                    {name}
                  </span>
                  <span id={`${id}-${value}-meaning`} className="text-sm text-ink-muted">
                    {meaning}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {paywall ? (
          <div
            role="alert"
            className="flex flex-col gap-3 rounded-lg border border-line-strong p-4 sm:flex-row sm:items-center"
          >
            <p className="flex-1 text-ink">{failure}</p>
            <Link to="/pricing" className={buttonClasses({ className: 'self-start sm:self-auto' })}>
              See plans
            </Link>
          </div>
        ) : (
          failure && <ErrorNotice>{failure}</ErrorNotice>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" loading={generating}>
            <Flame aria-hidden="true" className="size-4" />
            Roast me
          </Button>
          <span className="text-sm text-ink-muted">Uses one message.</span>
        </div>
      </form>
    </Card>
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
