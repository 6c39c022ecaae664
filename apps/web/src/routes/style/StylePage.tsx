import type { Style } from '@wingmate/api-contract';
import { styleChangeWords, styleSourceWords, type MatchesStore, type StyleStore } from '@wingmate/core-sdk';
import { Pencil, Sparkles } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadStatus } from '../../ui/LoadStatus';
import { Page } from '../../ui/Page';
import { useToast } from '../../ui/toast-store';
import { useLoader, type LoadState } from '../../ui/useLoader';
import { ForgetStyle } from './ForgetStyle';
import { StyleEditForm } from './StyleEditForm';
import { TeachStyle } from './TeachStyle';
import { useMatchesToLearnFrom, useStyleStore, useSuggestionOutcomesStore } from './use-style-stores';
import { WhatWorksCard } from './WhatWorksCard';

/**
 * `/style` (everyone's; a visitor's by uid): "Sounds like me" (docs/product.md#sounds-like-me): how the person
 * texts, learnt from their messages or their side of a match, in plain words, to edit or forget; and "What works
 * for you" (docs/product.md#what-works-for-you).
 */
export function StylePage() {
  const store = useStyleStore();
  const outcomes = useSuggestionOutcomesStore();
  const matches = useMatchesToLearnFrom();
  // None of the three loads rejects: each store keeps its failure, and the page shows them where they belong.
  const { state: loaded, reload } = useLoader((signal) =>
    Promise.all([store.load(signal), outcomes.refresh(), matches.load('active', signal)]),
  );
  const loadError = useStore(store, (state) => state.loadError);
  const style = useStore(store, (state) => state.style);
  const state: LoadState<unknown> =
    loaded.status === 'ready' && loadError ? { status: 'error', message: loadError } : loaded;

  return (
    <Page
      title="Sounds like me"
      intro={
        <p>
          Show your wingmate how you text, and every suggestion is written the way you write, with a score for
          how much it sounds like you.
        </p>
      }
    >
      <LoadStatus
        state={state}
        onRetry={reload}
        loadingLabel="Loading your style"
        failure="Your style could not be loaded."
      />
      {state.status === 'ready' && style && <StyleScreen store={store} style={style} matches={matches} />}
      {state.status === 'ready' && <WhatWorksCard store={outcomes} />}
    </Page>
  );
}

function StyleScreen({ store, style, matches }: { store: StyleStore; style: Style; matches: MatchesStore }) {
  const toast = useToast();
  const saving = useStore(store, (state) => state.saving);
  const saveError = useStore(store, (state) => state.saveError);
  const matchList = useStore(matches, (state) => state.matches);
  const matchesFailure = useStore(matches, (state) => state.loadError);
  const messages = useRef<HTMLTextAreaElement>(null);
  // The change a refusal belongs to: it is said beside the control that asked for it.
  const [asked, setAsked] = useState<'teach' | 'edit' | 'forget' | null>(null);
  const failure = (where: typeof asked) => (asked === where && saveError ? saveError : undefined);

  const learnt = (done: boolean) => {
    if (done) toast({ title: 'Style learnt', tone: 'success' });
    return done;
  };

  return (
    <>
      <StyleSummary
        store={store}
        style={style}
        editFailure={failure('edit')}
        onEditing={() => setAsked('edit')}
        forgetSlot={
          <ForgetStyle
            hasStyle={style.profile !== null || style.sample_count > 0}
            forgetting={saving === 'forget'}
            failure={failure('forget')}
            onForget={() => {
              setAsked('forget');
              return store.forget().then((done) => {
                if (done) toast({ title: 'Style forgotten', tone: 'success' });
                return done;
              });
            }}
            afterForgetting={() => messages.current?.focus()}
          />
        }
      />
      {/* What is being saved, read once as it starts. */}
      <p role="status" className="sr-only">
        {saving ? styleChangeWords[saving] : ''}
      </p>
      <Card>
        <TeachStyle
          matches={matchList}
          matchesFailure={matchesFailure ?? undefined}
          saving={saving}
          failure={failure('teach')}
          messagesRef={messages}
          onPaste={(text) => {
            setAsked('teach');
            return store.paste(text).then(learnt);
          }}
          onLearnFromMatch={(matchId) => {
            setAsked('teach');
            void store.learnFromMatch(matchId).then(learnt);
          }}
        />
      </Card>
    </>
  );
}

function StyleSummary({
  store,
  style,
  editFailure,
  onEditing,
  forgetSlot,
}: {
  store: StyleStore;
  style: Style;
  editFailure?: string;
  onEditing: () => void;
  forgetSlot: ReactNode;
}) {
  const id = useId();
  const toast = useToast();
  const saving = useStore(store, (state) => state.saving);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const { profile } = style;

  const stopEditing = () => {
    setEditing(false);
    // The form goes; focus goes back to what opened it.
    requestAnimationFrame(() => editButton.current?.focus());
  };

  return (
    <Card>
      <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
        <h2 id={`${id}-heading`} className="inline-flex items-center gap-2 text-xl font-semibold text-ink">
          <Sparkles aria-hidden="true" className="size-5 text-brand" />
          Your style
        </h2>
        {profile === null ? (
          <div className="flex flex-col gap-2 rounded-lg border border-dashed border-line-strong p-5">
            <p className="font-semibold text-ink">No style yet</p>
            <p className="text-sm text-ink-muted">{styleSourceWords(style)}</p>
            <p className="text-sm text-ink-muted">
              Paste 20 or more messages you sent, one a line, exactly as you typed them: lowercase, emoji, lol
              and all. Messages to friends work as well as dating chats.
            </p>
          </div>
        ) : (
          <>
            <ul aria-label="Your style in plain words" className="flex flex-wrap gap-2">
              {style.words.map((line) => (
                <li key={line} className="rounded-full bg-brand-soft px-3 py-1 text-sm text-on-brand-soft">
                  {line}
                </li>
              ))}
            </ul>
            <p className="text-sm text-ink-muted">{styleSourceWords(style)}</p>
          </>
        )}
        <div className="flex flex-wrap gap-3">
          {profile !== null && (
            <Button
              ref={editButton}
              variant="secondary"
              aria-expanded={editing}
              aria-controls={editing ? `${id}-edit` : undefined}
              onClick={() => (editing ? stopEditing() : setEditing(true))}
            >
              <Pencil aria-hidden="true" className="size-4" />
              Edit my style
            </Button>
          )}
          {forgetSlot}
        </div>
        {editing && profile !== null && (
          <div id={`${id}-edit`} className="border-t border-line pt-5">
            <StyleEditForm
              profile={profile}
              saving={saving === 'edit'}
              failure={editFailure}
              onCancel={stopEditing}
              onSave={(edited) => {
                onEditing();
                void store.edit(edited).then((saved) => {
                  if (!saved) return;
                  toast({ title: 'Style saved', tone: 'success' });
                  stopEditing();
                });
              }}
            />
          </div>
        )}
      </section>
    </Card>
  );
}
