import type { Suggestion, SuggestionOutcome, SuggestionState } from '@wingmate/api-contract';
import { fakeClient, type FakeReply, type SeenRequest } from '../testing/fake-api';
import { heldReply } from './fake-billing-api';
import { toneOf, whatWorksOf } from './style-fixtures';
import {
  createSuggestionOutcomesStore,
  outcomeChoices,
  type SuggestionOutcomesOptions,
} from './suggestion-outcomes-store';

const suggestion: Suggestion = {
  id: 's-1',
  kind: 'reply',
  tone: 'playful',
  text: 'Only if you belay me.',
  sounds_like_you: 82,
};

/** What the server keeps of a mark: an outcome marks the suggestion sent too. */
const keptOf = (outcome: SuggestionOutcome): SuggestionState => ({
  id: suggestion.id,
  kind: 'reply',
  tone: 'playful',
  sent: true,
  outcome: outcome === 'sent' ? null : outcome,
  match_id: 7,
});

/** The person's marks on the fake API, and what works read from them; `answer` overrides a call. */
function outcomesStore(
  answer: (request: SeenRequest) => FakeReply | Promise<FakeReply> | undefined = () => undefined,
  options: SuggestionOutcomesOptions = { inMatch: true },
) {
  let sent = 0;
  const { client, requests } = fakeClient(async (request) => {
    const own = await answer(request);
    if (own) return own;
    if (request.path === '/api/v1/suggestions/what-works/') {
      return { status: 200, data: whatWorksOf({ kind: 'reply', tones: [toneOf('playful', { sent })] }) };
    }
    sent = 1;
    return { status: 200, data: keptOf((request.body as { outcome: SuggestionOutcome }).outcome) };
  });
  return { store: createSuggestionOutcomesStore(client.style, options), requests };
}

/** Lets the pipeline's promises run up to the fake API. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

const markOf = (store: ReturnType<typeof outcomesStore>['store']) => store.getState().marks[suggestion.id];

describe('marking a suggestion (docs/product.md#what-works-for-you)', () => {
  it('shows the mark at once, then as the server kept it', async () => {
    const held = heldReply({ status: 200, data: keptOf('replied') });
    const { store, requests } = outcomesStore(({ method }) => (method === 'POST' ? held.route() : undefined));
    const marking = store.mark(suggestion, 'replied');
    expect(markOf(store)).toEqual({ sent: true, outcome: 'replied', pending: 'replied', failed: null });
    await settle();
    held.release();
    await expect(marking).resolves.toBe(true);
    expect(markOf(store)).toEqual({ sent: true, outcome: 'replied', pending: null, failed: null });
    expect(requests[0]).toMatchObject({
      path: '/api/v1/suggestions/s-1/outcome/',
      body: { outcome: 'replied' },
    });
  });

  it('puts the mark back as it was when the server refuses it, with the catalogue’s words', async () => {
    const { store } = outcomesStore(({ body }) =>
      (body as { outcome?: string } | undefined)?.outcome === 'no_reply'
        ? { status: 404, data: { detail: 'Suggestion not found.' } }
        : undefined,
    );
    await store.mark(suggestion, 'sent');
    await expect(store.mark(suggestion, 'no_reply')).resolves.toBe(false);
    expect(markOf(store)).toEqual({
      sent: true,
      outcome: null,
      pending: null,
      failed: 'Suggestion not found.',
    });
  });

  it('marks a suggestion once at a time', async () => {
    const held = heldReply({ status: 200, data: keptOf('sent') });
    const { store, requests } = outcomesStore(({ method }) => (method === 'POST' ? held.route() : undefined));
    const first = store.mark(suggestion, 'sent');
    await expect(store.mark(suggestion, 'replied')).resolves.toBe(false);
    await settle();
    held.release();
    await first;
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('refuses "Date planned" outside a match before sending', async () => {
    const { store, requests } = outcomesStore(undefined, { inMatch: false });
    await expect(store.mark(suggestion, 'date_planned')).resolves.toBe(false);
    expect(markOf(store)).toMatchObject({
      sent: false,
      failed: 'A date can be planned only on a suggestion made in a match.',
    });
    expect(requests).toHaveLength(0);
  });
});

describe('the marks the server kept, shown again (docs/product.md#what-works-for-you)', () => {
  it('takes them as they were kept', () => {
    const { store, requests } = outcomesStore();
    store.remember([keptOf('no_reply')]);
    expect(markOf(store)).toEqual({ sent: true, outcome: 'no_reply', pending: null, failed: null });
    expect(requests).toHaveLength(0);
  });

  it('leaves a suggestion being marked here as it is', async () => {
    const held = heldReply({ status: 200, data: keptOf('replied') });
    const { store } = outcomesStore(({ method }) => (method === 'POST' ? held.route() : undefined));
    const marking = store.mark(suggestion, 'replied');
    store.remember([keptOf('sent')]);
    expect(markOf(store)).toMatchObject({ outcome: 'replied', pending: 'replied' });
    await settle();
    held.release();
    await marking;
    expect(markOf(store)).toMatchObject({ outcome: 'replied', pending: null });
  });
});

describe('the marks offered on a suggestion (docs/product.md#what-works-for-you)', () => {
  it('offers "Sent" first, then what came of it', () => {
    expect(outcomeChoices(undefined, true)).toEqual(['sent']);
    expect(outcomeChoices({ sent: true, outcome: null, pending: null, failed: null }, false)).toEqual([
      'replied',
      'no_reply',
    ]);
  });

  it('offers "Date planned" only in a match', () => {
    const sent = { sent: true, outcome: 'replied' as const, pending: null, failed: null };
    expect(outcomeChoices(sent, true)).toEqual(['replied', 'no_reply', 'date_planned']);
  });
});

describe('what works for you (docs/product.md#what-works-for-you)', () => {
  it('reads what works, and again after each mark the server kept', async () => {
    const { store } = outcomesStore();
    await store.refresh();
    expect(store.getState()).toMatchObject({ whatWorksStatus: 'success', whatWorksLoading: false });
    expect(store.getState().whatWorks?.kinds[0]?.tones[0]?.sent).toBe(0);
    await store.mark(suggestion, 'sent');
    await settle();
    expect(store.getState().whatWorks?.kinds[0]?.tones[0]?.sent).toBe(1);
  });

  it('keeps what works as it was when a mark fails', async () => {
    const { store, requests } = outcomesStore(({ method }) =>
      method === 'POST' ? { status: 403, data: { detail: 'Not yours.' } } : undefined,
    );
    await store.mark(suggestion, 'sent');
    await settle();
    expect(requests.map((r) => r.method)).toEqual(['POST']);
    expect(store.getState().whatWorksStatus).toBe('pending');
  });

  it('says why what works could not be read, in the catalogue’s words', async () => {
    const { store } = outcomesStore(() => ({
      status: 403,
      data: { detail: 'This uid belongs to an account.' },
    }));
    await store.refresh();
    expect(store.getState()).toMatchObject({
      whatWorksStatus: 'failure',
      whatWorksError: 'This uid belongs to an account.',
    });
  });
});
