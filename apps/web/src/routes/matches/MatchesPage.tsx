import type { MatchesView } from '@wingmate/core-sdk';
import { HeartHandshake, Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogTrigger } from '../../ui/Dialog';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { LoadStatus } from '../../ui/LoadStatus';
import { Page } from '../../ui/Page';
import { useLoader, type LoadState } from '../../ui/useLoader';
import { MatchForm, emptyMatchFields } from './MatchForm';
import { MatchList } from './MatchList';
import { useMatchesStore } from './use-match-stores';

/**
 * `/matches` (everyone's; a visitor's by uid): the people the person is talking to, most recently active first,
 * the archived ones behind a toggle, and "Add a match" (docs/product.md#matches).
 */
export function MatchesPage() {
  const store = useMatchesStore();
  const [view, setView] = useState<MatchesView>('active');
  const { state: loaded, reload } = useLoader((signal) => store.load(view, signal));
  const loadError = useStore(store, (list) => list.loadError);
  // The store keeps a failed load in its state rather than throwing it.
  const state: LoadState<unknown> =
    loaded.status === 'ready' && loadError ? { status: 'error', message: loadError } : loaded;
  const matches = useStore(store, (list) => list.matches);
  const loadingMore = useStore(store, (list) => list.loading);
  const hasMore = useStore(store, (list) => list.hasMore);
  const actionError = useStore(store, (list) => list.actionError);

  const show = (next: MatchesView) => {
    setView(next);
    reload();
  };

  return (
    <Page
      title="Matches"
      intro={
        <p>
          Everyone you are talking to, each with their own memory: add their profile and your chat (type it or
          drop screenshots), and your wingmate answers knowing who they are and what you said.
        </p>
      }
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <AddMatch store={store} />
        <Button
          variant="ghost"
          aria-pressed={view === 'archived'}
          onClick={() => show(view === 'archived' ? 'active' : 'archived')}
        >
          {view === 'archived' ? 'Show current matches' : 'Show archived'}
        </Button>
      </div>
      <section aria-labelledby="matches-list" className="flex flex-col gap-4">
        <h2 id="matches-list" className="text-2xl font-semibold text-ink">
          {view === 'archived' ? 'Archived matches' : 'Your matches'}
        </h2>
        <LoadStatus
          state={state}
          onRetry={reload}
          loadingLabel="Loading your matches"
          failure="Your matches could not be loaded."
          spinnerClassName="py-10"
        />
        {actionError && <ErrorNotice>{actionError}</ErrorNotice>}
        {state.status === 'ready' &&
          (matches.length === 0 ? (
            view === 'archived' ? (
              <p className="rounded-lg border border-dashed border-line-strong p-6 text-center text-ink-muted">
                No archived matches.
              </p>
            ) : (
              <EmptyMatches />
            )
          ) : (
            <>
              <MatchList matches={matches} />
              {hasMore && (
                <Button
                  variant="secondary"
                  loading={loadingMore}
                  className="self-center"
                  onClick={() => void store.loadMore()}
                >
                  Show more
                </Button>
              )}
            </>
          ))}
      </section>
    </Page>
  );
}

function EmptyMatches() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-line-strong p-8 text-center">
      <HeartHandshake aria-hidden="true" className="size-8 text-brand" />
      <p className="font-semibold text-ink">No matches yet</p>
      <p className="max-w-md text-ink-muted">
        Add someone you are talking to on a dating app. Your wingmate keeps what you tell it about them, reads
        your chat from screenshots, and suggests what to answer next.
      </p>
    </div>
  );
}

/** "Add a match": the fields in a dialog; a new match opens its page. */
function AddMatch({ store }: { store: ReturnType<typeof useMatchesStore> }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const creating = useStore(store, (list) => list.creating);
  const fields = useStore(store, (list) => list.fieldProblems);
  const general = useStore(store, (list) => list.createError);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" className="size-4" />
          Add a match
        </Button>
      </DialogTrigger>
      <DialogContent title="Add a match" description="Only the name is needed; the rest helps your wingmate.">
        <MatchForm
          label="New match"
          initial={emptyMatchFields}
          submitLabel="Add match"
          saving={creating}
          errors={{ fields, general: general ?? undefined }}
          onSubmit={(values) =>
            void store.create(values).then((match) => {
              if (match) void navigate(`/matches/${match.id}`);
            })
          }
        />
      </DialogContent>
    </Dialog>
  );
}
