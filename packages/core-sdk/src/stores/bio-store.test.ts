import type { BioVersion, DatingBio, SuggestionState } from '@wingmate/api-contract';
import { fakeClient, type FakeHandler } from '../testing/fake-api';
import { createBioStore } from './bio-store';

const NOW = '2026-11-23T12:00:00.000Z';
const BASE = '/api/v1/accounts/dating_bio/visitor-1';

const version = (id: number, text: string, tone: string | null = null): BioVersion => ({
  id,
  text,
  tone,
  instruction: null,
  suggestions: [],
  marks: [],
  created_at: NOW,
});
/** A version offered as a bio line, as the server answers it; `marked` with what it was marked so far. */
const offered = (id: number, marked?: SuggestionState['outcome']): BioVersion => {
  const line = { id: `line-${id}`, kind: 'bio_line' as const, tone: 'witty' as const };
  return {
    ...version(id, 'Climber, cook, terrible at puns.', 'witty'),
    suggestions: [{ ...line, text: 'Climber, cook, terrible at puns.', sounds_like_you: 64 }],
    marks: marked === undefined ? [] : [{ ...line, sent: true, outcome: marked, match_id: null }],
  };
};
const bio = (text: string, generated: BioVersion[] = []): DatingBio => ({
  id: 7,
  uid: 'visitor-1',
  text,
  created_at: NOW,
  updated_at: NOW,
  generated,
});

function bioStore(handler: FakeHandler) {
  const { client, requests, storage } = fakeClient(handler);
  storage.set('uid', 'visitor-1');
  return { store: createBioStore(client), requests, client };
}

const calls = (requests: { method: string; path: string }[]) =>
  requests.map(({ method, path }) => `${method} ${path}`);

describe('the bio loads by the visitor’s uid (docs/product.md#dating-bio-photos-profile)', () => {
  it('keeps the stored bio and its versions', async () => {
    const { store } = bioStore(() => ({ status: 200, data: bio('Hi', [version(1, 'Hey')]) }));
    await expect(store.load()).resolves.toMatchObject({ text: 'Hi' });
    expect(store.getState().bio?.text).toBe('Hi');
    expect(store.getState().versions.map((v) => v.text)).toEqual(['Hey']);
  });

  it('reads a 404 as no bio yet, not a failure', async () => {
    const { store } = bioStore(() => ({ status: 404, data: { detail: 'Not found.' } }));
    await expect(store.load()).resolves.toBeNull();
    expect(store.getState()).toMatchObject({ bio: null, versions: [] });
  });

  it('makes the uid when none is stored yet, so the call has one', async () => {
    const { client, requests } = fakeClient(() => ({ status: 404, data: {} }));
    await createBioStore(client).load();
    expect(requests[0]?.path).toBe(`/api/v1/accounts/dating_bio/${client.visitorId.peek()}/`);
  });

  it('changes nothing when the load was cancelled', async () => {
    const { store } = bioStore(() => ({ status: 200, data: bio('Hi') }));
    const controller = new AbortController();
    const loading = store.load(controller.signal);
    controller.abort();
    await loading.catch(() => undefined);
    expect(store.getState().bio).toBeNull();
  });
});

describe('saving the bio', () => {
  it('creates the bio when there is none, then updates it, busy while it runs', async () => {
    const { store, requests } = bioStore((request) => ({
      status: request.path.endsWith('/update/') ? 200 : 201,
      data: bio(
        request.body && typeof request.body === 'object'
          ? String((request.body as { text: string }).text)
          : '',
      ),
    }));
    const saving = store.save('First');
    expect(store.getState().busy).toBe('save');
    await expect(saving).resolves.toMatchObject({ text: 'First' });
    expect(store.getState().busy).toBeNull();
    await store.save('Second');
    expect(calls(requests)).toEqual(['POST /api/v1/accounts/dating_bio/', `POST ${BASE}/7/update/`]);
    expect(requests.map((r) => r.body)).toEqual([{ text: 'First', uid: 'visitor-1' }, { text: 'Second' }]);
    expect(store.getState().bio?.text).toBe('Second');
  });

  it('keeps the refusal to be read out, and clears it on the next save', async () => {
    let status = 400;
    const { store } = bioStore(() => ({
      status,
      data: status === 400 ? { text: ['Too long.'] } : bio('Ok'),
    }));
    await expect(store.save('x')).resolves.toBeNull();
    expect(store.getState().saveError).toMatchObject({ status: 400 });
    status = 201;
    await store.save('Ok');
    expect(store.getState().saveError).toBeNull();
  });
});

describe('generating versions in three tones', () => {
  it('asks the starter questions instead when there is no bio and nothing written', async () => {
    const { store, requests } = bioStore(() => ({ status: 200, data: {} }));
    await expect(store.generate('  ')).resolves.toBe(0);
    expect(store.getState().askingStarters).toBe(true);
    expect(requests).toHaveLength(0);
    store.closeStarters();
    expect(store.getState().askingStarters).toBe(false);
  });

  it('makes the bio from the draft first, then writes one version per tone, newest first', async () => {
    const { store, requests } = bioStore((request) => {
      if (request.path === '/api/v1/accounts/dating_bio/') return { status: 201, data: bio('Nurse.') };
      const tone = (request.body as { tone: string }).tone;
      return { status: 201, data: version(tone.length, `${tone} one`, tone) };
    });
    await expect(store.generate(' Nurse. ')).resolves.toBe(3);
    expect(calls(requests)).toEqual([
      'POST /api/v1/accounts/dating_bio/',
      `POST ${BASE}/7/generate/`,
      `POST ${BASE}/7/generate/`,
      `POST ${BASE}/7/generate/`,
    ]);
    expect(requests.slice(1).map((r) => r.body)).toEqual([
      { tone: 'warm' },
      { tone: 'witty' },
      { tone: 'bold' },
    ]);
    expect(store.getState().versions.map((v) => v.tone)).toEqual(['warm', 'witty', 'bold']);
    expect(store.getState().busy).toBeNull();
  });

  it('keeps the versions that came back when one tone failed, with the failure', async () => {
    const { store } = bioStore((request) => {
      if (request.method === 'GET') return { status: 200, data: bio('Hi', [version(1, 'Old')]) };
      const tone = (request.body as { tone: string }).tone;
      return tone === 'witty'
        ? { status: 429, data: { detail: 'Slow down.' } }
        : { status: 201, data: version(tone.length, tone, tone) };
    });
    await store.load();
    await expect(store.generate('')).resolves.toBe(2);
    expect(store.getState().versions.map((v) => v.text)).toEqual(['warm', 'bold', 'Old']);
    expect(store.getState().aiError).toMatchObject({ status: 429, message: 'Slow down.' });
  });

  it('generates from the starter answers’ draft, then closes the questions', async () => {
    const { store, requests } = bioStore((request) =>
      request.path.endsWith('/generate/')
        ? { status: 201, data: version(1, 'v', 'warm') }
        : { status: 201, data: bio('Nurse.') },
    );
    await store.generate('');
    await store.generateFromStarters('Nurse.');
    expect(requests[0]?.body).toEqual({ text: 'Nurse.', uid: 'visitor-1' });
    expect(store.getState().askingStarters).toBe(false);
  });
});

describe('rewriting as asked', () => {
  it('sends the instruction and puts the rewrite first', async () => {
    const { store, requests } = bioStore((request) =>
      request.method === 'GET'
        ? { status: 200, data: bio('Hi', [version(1, 'Old')]) }
        : { status: 201, data: version(2, 'Funnier') },
    );
    await store.load();
    await expect(store.rewrite('make it funnier', 'Hi')).resolves.toMatchObject({ text: 'Funnier' });
    expect(requests[1]).toMatchObject({
      path: `${BASE}/7/generate/create/`,
      body: { response_text: 'make it funnier' },
    });
    expect(store.getState().versions.map((v) => v.text)).toEqual(['Funnier', 'Old']);
  });

  it('keeps the refusal for the AI’s error, answering null', async () => {
    const { store } = bioStore((request) =>
      request.method === 'GET'
        ? { status: 200, data: bio('Hi') }
        : { status: 503, data: { detail: 'The AI is away.' } },
    );
    await store.load();
    await expect(store.rewrite('shorter', 'Hi')).resolves.toBeNull();
    expect(store.getState()).toMatchObject({ busy: null, aiError: { message: 'The AI is away.' } });
  });
});

describe('the versions offered as bio lines (docs/product.md#what-works-for-you)', () => {
  it('shows the marks the stored versions were given once loaded', async () => {
    const { store } = bioStore(() => ({ status: 200, data: bio('Hi', [offered(2, 'replied'), offered(1)]) }));
    await store.load();
    expect(store.lines.getState().marks).toEqual({
      'line-2': { sent: true, outcome: 'replied', pending: null, failed: null },
    });
  });

  it("marks a version's line through the suggestion calls", async () => {
    const { store, requests } = bioStore((request) => {
      if (request.method === 'GET' && request.path === `${BASE}/`) {
        return { status: 200, data: bio('Hi', [offered(1)]) };
      }
      if (request.path === '/api/v1/suggestions/what-works/') return { status: 200, data: { kinds: [] } };
      return {
        status: 200,
        data: { id: 'line-1', kind: 'bio_line', tone: 'witty', sent: true, outcome: null, match_id: null },
      };
    });
    await store.load();
    const line = store.getState().versions[0]!.suggestions[0]!;
    await expect(store.lines.mark(line, 'sent')).resolves.toBe(true);
    expect(calls(requests)).toContain('POST /api/v1/suggestions/line-1/outcome/');
    expect(store.lines.getState().marks['line-1']).toMatchObject({ sent: true, outcome: null });
  });
});
