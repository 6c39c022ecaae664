import type { Suggestion } from '@wingmate/api-contract';
import {
  canRegenerate,
  canRetry,
  messagesLeftToShow,
  suggestionCopiedWords,
  type ChatPhoto,
} from '@wingmate/core-sdk';
import { HeartHandshake, ImagePlus, RotateCcw, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/toast-store';
import { useAbVariant } from '../../stores/ab-variant';
import { useSession } from '../../stores/session';
import { useUserInfo } from '../../stores/user-info';
import { paywallAtNoMessages, verificationGate } from '@wingmate/core-sdk';
import { loadAiText } from '../../ui/ai-text-loader';
import { ChatLoading, ChatSection, ChatTitleBar } from './ChatLayout';
import { Composer, type ComposerHandle } from './Composer';
import { LazyDeleteHistoryDialog, LazyPaywallDialog, preloadPaywall } from './chat-dialogs';
import { useReplyHelperStore } from './device-memory';
import { chatAsText, downloadText } from './export-chat';
import { MessageList } from './MessageList';
import { LazyChatMenu } from './LazyChatMenu';
import type { PaywallReason } from './PaywallDialog';
import { usePaywallSeen } from './usePaywallSeen';
import { imageFileOf } from './photo';
import { QuickStarts, type QuickStart } from './QuickStarts';
import { ReplyHelper } from './ReplyHelper';
import { SearchBar } from './SearchBar';
import { useChatStore } from './useChatStore';
import { useChatSuggestionOutcomes } from './useSuggestionOutcomes';

const CHAT_PATH = '/chat';

const warmMarkdown = () => void loadAiText();

/** The landing's `chat_first` box hands its text over as route state `{ send }` (sent once on arrival). */
function arrivalText(state: unknown): string | null {
  const send = (state as { send?: unknown } | null)?.send;
  return typeof send === 'string' && send.trim() ? send : null;
}

/**
 * `/chat` (docs/web.md#routes), for visitors (by uid) and members: the history, the streamed reply with Stop,
 * photos, the reply helper, quick starts, search, export, delete, and the paywall at 402. The messages a reply
 * offers to send are shown under it, to copy and mark (docs/product.md#what-works-for-you).
 */
export function ChatPage() {
  const { info, status: infoStatus } = useUserInfo();
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const verification = useAbVariant('abtest_verification');
  const toast = useToast();
  const location = useLocation();
  const navigate = useNavigate();

  const store = useChatStore();
  const messages = useStore(store, (state) => state.messages);
  const history = useStore(store, (state) => state.history);
  const busy = useStore(store, (state) => state.busy);
  const failed = useStore(store, (state) => state.failed);
  const paywallText = useStore(store, (state) => state.paywall);
  const restored = useStore(store, (state) => state.restored);
  const suggestionOutcomes = useChatSuggestionOutcomes();

  const composer = useRef<ComposerHandle>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const helperStore = useReplyHelperStore();
  const helper = useStore(helperStore, (state) => state.choice);
  const [gateReason, setGateReason] = useState<PaywallReason | null>(null);
  usePaywallSeen(gateReason);
  const [query, setQuery] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    void store.loadHistory();
  }, [store]);

  const remaining = info ? messagesLeftToShow(info) : undefined;
  // The paywall's code is fetched once the person is at their last message, so it opens without a wait at the 402.
  const lastMessage = remaining !== undefined && remaining !== null && remaining <= 1;
  useEffect(() => {
    if (lastMessage) preloadPaywall();
  }, [lastMessage]);

  /** Whether `abtest_verification` lets this person send now; if not, the sign-up (or verify) dialog opens. */
  const mayChat = useCallback((): boolean => {
    const gate = verificationGate({
      variant: verification,
      isLoggedIn,
      isMember: info?.is_member ?? false,
      remainingMessages: remaining,
      next: CHAT_PATH,
    });
    if (gate.kind === 'allowed') return true;
    setGateReason({ kind: 'visitor', gate, outOfMessages: remaining === 0 });
    return false;
  }, [verification, isLoggedIn, info, remaining]);

  const send = useCallback(
    (text: string, photo?: ChatPhoto): boolean => {
      if (!mayChat()) return false;
      setAnnouncement('');
      void store
        .send(text, helper, photo)
        .then(() => setAnnouncement(store.getState().failed ? '' : 'Wingmate replied.'));
      return true;
    },
    [mayChat, store, helper],
  );

  // The landing's box: send its text once, and drop it from the history entry so a reload or Back never resends.
  const arrival = useRef(arrivalText(location.state));
  useEffect(() => {
    const text = arrival.current;
    if (!text || history.status === 'loading') return;
    arrival.current = null;
    void navigate(location.pathname, { replace: true, state: null });
    if (!send(text)) composer.current?.fill(text);
  }, [history.status, navigate, location.pathname, send]);

  // A 402: the paywall for this person (member: plans or top-up; visitor: sign up or verify), once their user info
  // is here when signed in (this runs again when it comes).
  useEffect(() => {
    if (!paywallText) return;
    const paywall = paywallAtNoMessages({
      variant: verification,
      isLoggedIn,
      info,
      infoFailed: infoStatus === 'failed',
      next: CHAT_PATH,
    });
    if (paywall) setGateReason(paywall);
  }, [paywallText, isLoggedIn, info, infoStatus, verification]);

  const pickQuickStart = (start: QuickStart) => {
    if (start.mode) helperStore.choose({ mode: start.mode });
    composer.current?.fill(start.text);
  };

  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        return true;
      } catch {
        toast({ title: 'Copying is blocked in this browser. Select the text instead.', tone: 'error' });
        return false;
      }
    },
    [toast],
  );

  const copySuggestion = useCallback(
    (suggestion: Suggestion) =>
      void copy(suggestion.text).then((copied) => {
        if (copied) toast({ title: suggestionCopiedWords[suggestion.kind], tone: 'success' });
      }),
    [copy, toast],
  );

  const regenerate = useCallback(() => {
    if (mayChat()) void store.regenerate(helper);
  }, [mayChat, store, helper]);
  const loadOlder = useCallback(() => void store.loadOlder(), [store]);

  const exportChat = async () => {
    try {
      const all = await store.wholeHistory();
      const now = new Date();
      downloadText(chatAsText(all, now), `wingmate-chat-${now.toISOString().slice(0, 10)}.txt`);
    } catch {
      toast({ title: 'The chat could not be exported. Try again.', tone: 'error' });
    }
  };

  const deleteHistory = async () => {
    await store.deleteHistory();
    setQuery(null);
    toast({ title: 'Chat history deleted', tone: 'success' });
  };

  const shown = useMemo(() => {
    const needle = query?.trim().toLowerCase();
    return needle ? messages.filter((message) => message.body.toLowerCase().includes(needle)) : messages;
  }, [messages, query]);

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files') || busy) return;
    event.preventDefault();
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = imageFileOf(event.dataTransfer.files);
    if (file) composer.current?.attach(file);
  };

  return (
    <ChatSection
      // Markdown's chunk (react-markdown, some 35 KB) is fetched once the person starts on a message, so it is in
      // before the reply: a reply renders as plain text until then, and one already on screen asks for it at once.
      // An empty chat's start-up never evaluates it.
      onFocusCapture={warmMarkdown}
      onDragOver={onDragOver}
      onDragLeave={(event) => event.currentTarget === event.target && setDragging(false)}
      onDrop={onDrop}
    >
      <div className="border-b border-line">
        <ChatTitleBar
          action={
            <LazyChatMenu
              triggerRef={menuButton}
              hasMessages={messages.length > 0}
              onSearch={() => setQuery('')}
              onExport={() => void exportChat()}
              onDelete={() => setDeleting(true)}
            />
          }
        />
        {query !== null && (
          <SearchBar
            query={query}
            onQuery={setQuery}
            matches={shown.length}
            total={messages.length}
            onClose={() => {
              setQuery(null);
              menuButton.current?.focus();
            }}
          />
        )}
      </div>

      {history.status === 'loading' && messages.length === 0 ? (
        <ChatLoading />
      ) : (
        <MessageList
          messages={shown}
          hasOlder={query === null && history.nextPage !== null}
          loadingOlder={history.loadingOlder}
          onLoadOlder={loadOlder}
          canRegenerate={canRegenerate(messages) && !busy && query === null}
          regenerateBlocked={remaining === 0 ? 'No messages left' : null}
          onRegenerate={regenerate}
          onCopy={copy}
          suggestionOutcomes={suggestionOutcomes}
          onCopySuggestion={copySuggestion}
          empty={
            query !== null ? (
              <p className="py-10 text-center text-ink-muted">No messages match “{query}”.</p>
            ) : history.status === 'failed' ? (
              <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
                <p className="text-ink">Your chat history could not be loaded.</p>
                <Button variant="secondary" onClick={() => void store.loadHistory()}>
                  Try again
                </Button>
              </div>
            ) : (
              <QuickStarts onPick={pickQuickStart} />
            )
          }
          footer={
            failed && (
              <div
                role="alert"
                className="flex flex-col gap-2 rounded-lg border border-danger bg-danger-soft p-3 text-sm text-ink sm:flex-row sm:items-center"
              >
                <p className="flex-1">{failed.failure.message}</p>
                <div className="flex gap-2">
                  {canRetry(failed.failure) && (
                    <Button size="sm" onClick={() => void store.retry()}>
                      <RotateCcw aria-hidden="true" className="size-4" />
                      Retry
                    </Button>
                  )}
                  <Button size="sm" variant="ghost" onClick={() => store.dismissFailure()}>
                    <X aria-hidden="true" className="size-4" />
                    {failed.failure.kind === 'refused' ? 'Dismiss' : 'Edit message'}
                  </Button>
                </div>
              </div>
            )
          }
        />
      )}

      <div className="border-t border-line bg-canvas">
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-2 px-gutter pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
            <ReplyHelper choice={helper} onChange={(change) => helperStore.choose(change)} />
            {/* A reply to someone in particular is better asked about in that match's page, which remembers them. */}
            <Link
              to="/matches"
              className="inline-flex items-center gap-1.5 rounded-full px-2 py-1.5 text-sm font-medium text-brand hover:bg-surface-muted"
            >
              <HeartHandshake aria-hidden="true" className="size-4" />
              Matches
            </Link>
          </div>
          <Composer
            ref={composer}
            busy={busy}
            restored={restored}
            remaining={remaining}
            onSend={send}
            onStop={() => store.stop()}
          />
        </div>
      </div>

      {dragging && (
        <div className="pointer-events-none absolute inset-2 z-10 flex items-center justify-center rounded-xl border-2 border-dashed border-brand bg-surface/90">
          <p className="flex items-center gap-2 font-semibold text-ink">
            <ImagePlus aria-hidden="true" className="size-5" />
            Drop the photo to attach it
          </p>
        </div>
      )}
      <p role="status" className="sr-only">
        {busy?.kind === 'stream' ? 'Wingmate is replying…' : announcement}
      </p>

      <LazyPaywallDialog
        reason={gateReason}
        onClose={() => {
          setGateReason(null);
          store.closePaywall();
          composer.current?.focus();
        }}
      />
      <LazyDeleteHistoryDialog
        open={deleting}
        onOpenChange={setDeleting}
        onConfirm={deleteHistory}
        returnFocusTo={() => menuButton.current?.focus()}
      />
    </ChatSection>
  );
}
