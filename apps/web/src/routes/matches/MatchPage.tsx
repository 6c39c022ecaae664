import {
  screenshotStatusWords,
  suggestionCopiedWords,
  type MatchStore,
  type ScreenshotUpload,
  type SuggestionOutcomesStore,
} from '@wingmate/core-sdk';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { LoadStatus } from '../../ui/LoadStatus';
import { Page } from '../../ui/Page';
import { useToast } from '../../ui/toast-store';
import { useLoader, type LoadState } from '../../ui/useLoader';
import { CoachingChat } from './CoachingChat';
import { MatchPhotos } from './MatchPhotos';
import { MatchSettings } from './MatchSettings';
import { MemoryPanel } from './MemoryPanel';
import { Replies } from './Replies';
import { Transcript } from './Transcript';
import { ScreenshotImport, type ScreenshotProgress } from './ScreenshotImport';
import { WhatWorksCard } from '../style/WhatWorksCard';
import { useMatchesStore, useMatchStore, useScreenshotImportStore } from './use-match-stores';
import { useReplyOutcomesStore } from './use-reply-outcomes';

/**
 * `/matches/:id`: one match (docs/product.md#matches): its details and photos, what the wingmate remembers, the
 * conversation (typed or read from screenshots), "What do I answer?" and the coaching chat.
 */
export function MatchPage() {
  const id = Number(useParams().id);
  // Another match's page is another screen: its own store, nothing of this one's left on it.
  return <MatchScreen key={id} id={id} />;
}

function MatchScreen({ id }: { id: number }) {
  const store = useMatchStore(id);
  // One store of marks for the page: the replies of "What do I answer?" and those the coaching chat offers.
  const outcomes = useReplyOutcomesStore();
  const { state: loaded, reload } = useLoader((signal) => store.load(signal));
  const loadError = useStore(store, (match) => match.loadError);
  const match = useStore(store, (state) => state.match);
  // The store keeps a failed load in its state rather than throwing it.
  const state: LoadState<unknown> =
    loaded.status === 'ready' && loadError ? { status: 'error', message: loadError } : loaded;

  if (state.status !== 'ready' || !match) {
    return (
      <Page title="Match">
        <BackToMatches />
        <LoadStatus
          state={state}
          onRetry={reload}
          loadingLabel="Loading the match"
          failure="This match could not be loaded."
        />
      </Page>
    );
  }
  return (
    <Page title={match.name} width="wide">
      <BackToMatches />
      <MatchDetails store={store} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-8">
          <Conversation store={store} />
          <ImportSection store={store} />
          <RepliesSection store={store} outcomes={outcomes} />
          <Coaching store={store} outcomes={outcomes} />
        </div>
        <div className="flex flex-col gap-8">
          <Memory store={store} />
        </div>
      </div>
    </Page>
  );
}

function BackToMatches() {
  return (
    <Link
      to="/matches"
      className="-mt-4 inline-flex items-center gap-1.5 self-start rounded-full text-sm font-medium text-brand hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      All matches
    </Link>
  );
}

function MatchDetails({ store }: { store: MatchStore }) {
  const navigate = useNavigate();
  const toast = useToast();
  const list = useMatchesStore();
  const match = useStore(store, (state) => state.match)!;
  const saving = useStore(store, (state) => state.saving);
  const fieldProblems = useStore(store, (state) => state.fieldProblems);
  const saveError = useStore(store, (state) => state.saveError);
  const deleting = useStore(list, (state) => state.busy.has(match.id));
  const photoUpload = useStore(store, (state) => state.photoUpload);
  const photoError = useStore(store, (state) => state.photoError);

  return (
    <>
      <MatchSettings
        match={match}
        saving={saving}
        deleting={deleting}
        editErrors={{ fields: fieldProblems, general: saveError ?? undefined }}
        actions={{
          setStatus: (status) => void store.setStatus(status),
          setArchived: (archived) =>
            void store.update({ archived }).then((saved) => {
              if (saved)
                toast({ title: archived ? 'Match archived' : 'Match brought back', tone: 'success' });
            }),
          edit: (fields) => store.update(fields),
          remove: () =>
            void list.remove(match.id).then(async (removed) => {
              if (!removed) return;
              await navigate('/matches');
              toast({ title: `${match.name} deleted`, tone: 'success' });
            }),
        }}
      />
      <MatchPhotos
        name={match.name}
        photos={match.photos}
        uploading={photoUpload}
        failure={photoError ?? undefined}
        onAdd={(files) => {
          void files.reduce<Promise<unknown>>(
            (previous, file) => previous.then(() => store.addPhoto(file)),
            Promise.resolve(),
          );
        }}
        onRemove={(photoId) => void store.removePhoto(photoId)}
      />
    </>
  );
}

function Conversation({ store }: { store: MatchStore }) {
  const name = useStore(store, (state) => state.match!.name);
  const lines = useStore(store, (state) => state.lines);
  const lineError = useStore(store, (state) => state.lineError);
  return (
    <Transcript
      name={name}
      lines={lines}
      failure={lineError ?? undefined}
      onAdd={(line) => store.addLine(line.side, line.text)}
    />
  );
}

function Memory({ store }: { store: MatchStore }) {
  const memory = useStore(store, (state) => state.match!.memory);
  const memoryError = useStore(store, (state) => state.memoryError);
  return (
    <MemoryPanel
      memory={memory}
      failure={memoryError ?? undefined}
      actions={{
        add: (text) => store.addFact(text),
        edit: (factId, text) => store.editFact(factId, text),
        pin: (factId, pinned) => store.pinFact(factId, pinned),
        remove: (factId) => store.removeFact(factId),
      }}
    />
  );
}

interface WithOutcomes {
  store: MatchStore;
  outcomes: SuggestionOutcomesStore;
}

/** Copies a suggested reply, saying so, or how to copy it by hand where the browser blocks it. */
function useCopyReply(): (text: string) => void {
  const toast = useToast();
  return (text) =>
    void navigator.clipboard.writeText(text).then(
      () => toast({ title: suggestionCopiedWords.reply, tone: 'success' }),
      () => toast({ title: 'Copying is blocked in this browser. Select the text instead.', tone: 'error' }),
    );
}

function RepliesSection({ store, outcomes }: WithOutcomes) {
  const copyReply = useCopyReply();
  const replies = useStore(store, (state) => state.replies);
  const asking = useStore(store, (state) => state.suggesting);
  const failure = useStore(store, (state) => state.repliesError);
  const paywall = useStore(store, (state) => state.paywall);
  const canAsk = useStore(store, (state) => state.lines.some((line) => line.side === 'them'));
  const marks = useStore(outcomes, (state) => state.marks);
  const inMatch = useStore(outcomes, (state) => state.inMatch);
  // A reply has no score while the person has no style (docs/product.md#sounds-like-me): known once replies are in.
  const unscored = !replies || replies.suggestions.every((suggestion) => suggestion.sounds_like_you === null);
  return (
    <div className="flex flex-col gap-4">
      <Replies
        replies={replies}
        asking={asking}
        canAsk={canAsk}
        failure={failure ?? undefined}
        paywall={paywall && failure ? failure : undefined}
        outcomes={{
          marks,
          inMatch,
          onMark: (suggestion, outcome) => void outcomes.mark(suggestion, outcome),
        }}
        showStyleLink={unscored}
        onAsk={() => void store.suggestReplies()}
        onCopy={copyReply}
      />
      <WhatWorksCard store={outcomes} compact />
    </div>
  );
}

function Coaching({ store, outcomes }: WithOutcomes) {
  const copyReply = useCopyReply();
  const offered = useStore(store, (state) => state.offered);
  const name = useStore(store, (state) => state.match!.name);
  const messages = useStore(store, (state) => state.chat);
  const hasOlder = useStore(store, (state) => state.hasOlderChat);
  const sending = useStore(store, (state) => state.sending);
  const failure = useStore(store, (state) => state.sendError);
  const paywall = useStore(store, (state) => state.paywall);
  return (
    <CoachingChat
      name={name}
      messages={messages}
      hasOlder={hasOlder}
      sending={sending}
      failure={failure ?? undefined}
      paywall={paywall && failure ? failure : undefined}
      onLoadOlder={() => void store.loadOlderChat()}
      onSend={(body) => store.send(body)}
      onRetry={() => void store.retry()}
      offered={offered}
      outcomes={outcomes}
      onCopySuggestion={(suggestion) => copyReply(suggestion.text)}
    />
  );
}

/** A chosen screenshot's line in the list: sending (the bytes' progress), then the server's reading of it. */
function progressOf(upload: ScreenshotUpload): ScreenshotProgress {
  const base = { key: String(upload.key), name: upload.name || 'Screenshot' };
  if (upload.problem) return { ...base, fraction: 0, state: '', error: upload.problem };
  if (upload.state === 'waiting') return { ...base, fraction: 0, state: 'Waiting' };
  if (upload.state === 'sending' || !upload.screenshot)
    return { ...base, fraction: upload.fraction, state: 'Sending' };
  const { status, progress, error } = upload.screenshot;
  return {
    ...base,
    fraction: progress / 100,
    state: screenshotStatusWords[status],
    ...(error ? { error } : {}),
  };
}

function ImportSection({ store }: { store: MatchStore }) {
  const toast = useToast();
  const name = useStore(store, (state) => state.match!.name);
  const imports = useScreenshotImportStore(store);
  // Once the lines joined the conversation, the list of what was read has done its work.
  const uploads = useStore(imports, (state) => state.uploads);
  const confirmed = useStore(imports, (state) => state.confirmed);
  const announcement = useStore(imports, (state) => state.announcement);
  const ready = useStore(imports, (state) => state.current?.status === 'ready' && !state.confirmed);
  const draft = useStore(imports, (state) => state.draft);
  const confirming = useStore(imports, (state) => state.confirming);
  const failure = useStore(imports, (state) => state.error ?? state.confirmError);
  return (
    <ScreenshotImport
      name={name}
      screenshots={confirmed ? [] : uploads.map(progressOf)}
      announcement={announcement}
      draft={ready ? draft : null}
      failure={failure ?? undefined}
      confirming={confirming}
      actions={{
        addFiles: (files) => void imports.addFiles(files),
        flip: (index) => imports.flipLine(index),
        edit: (index, text) => imports.editLine(index, text),
        remove: (index) => imports.removeLine(index),
        confirm: () =>
          void imports.confirm().then((added) => {
            if (added) toast({ title: 'Added to the conversation', tone: 'success' });
          }),
      }}
    />
  );
}
