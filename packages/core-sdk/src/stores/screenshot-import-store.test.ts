import type { ImportScreenshot, MatchImport } from '@wingmate/api-contract';
import { fakeClient, type FakeReply, type SeenRequest } from '../testing/fake-api';
import { importOf, lineOf } from './match-fixtures';
import { createMatchStore } from './match-store';
import { createScreenshotImportStore, type ScreenshotImportStore } from './screenshot-import-store';

const LINES = [
  { side: 'them' as const, text: 'Hey!' },
  { side: 'them' as const, text: 'How was the hike?' },
  { side: 'me' as const, text: 'Muddy' },
];
const png = (name: string, bytes = 3) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

/**
 * A server that reads each screenshot 40 % a poll, in the order sent; the import is ready once all are read.
 * Each upload reports half its bytes sent. With `noText`, the first reading finds none and the import fails.
 * Each request is answered once `hold` settles; `confirmAnswers` are the first answers to adding lines.
 */
function importServer({
  noText = false,
  hold = (_request: SeenRequest) => Promise.resolve(),
  confirmAnswers = [] as FakeReply[],
} = {}) {
  let current: MatchImport = importOf(12);
  const read = (shot: ImportScreenshot): ImportScreenshot =>
    shot.progress + 40 >= 100
      ? { ...shot, status: 'read', progress: 100, line_count: 2 }
      : { ...shot, status: 'reading', progress: shot.progress + 40 };
  const setup = fakeClient(async (request) => {
    const { method, path } = request;
    await hold(request);
    if (method === 'POST' && path === '/api/v1/matches/7/imports/') return { status: 201, data: current };
    if (method === 'POST' && path === '/api/v1/matches/7/imports/12/screenshots/') {
      request.config.onUploadProgress?.({
        loaded: 1,
        total: 2,
        progress: 0.5,
        bytes: 1,
        lengthComputable: true,
      });
      const shot = {
        id: current.screenshots.length + 1,
        status: 'queued' as const,
        progress: 0,
        error: null,
      };
      const screenshots = [
        ...current.screenshots,
        { ...shot, line_count: 0, created_at: current.created_at },
      ];
      current = { ...current, status: 'reading', screenshots };
      return { status: 202, data: current };
    }
    if (method === 'GET' && path === '/api/v1/matches/7/imports/12/' && noText) {
      const screenshots = current.screenshots.map((shot) => ({
        ...shot,
        status: 'failed' as const,
        error: 'No text.',
      }));
      current = { ...current, screenshots, status: 'failed' };
      return { status: 200, data: current };
    }
    if (method === 'GET' && path === '/api/v1/matches/7/imports/12/') {
      const next = current.screenshots.findIndex((shot) => shot.status !== 'read');
      const screenshots = current.screenshots.map((shot, at) => (at === next ? read(shot) : shot));
      const done = screenshots.every((shot) => shot.status === 'read');
      current = { ...current, screenshots, status: done ? 'ready' : 'reading', lines: done ? LINES : [] };
      return { status: 200, data: current };
    }
    if (method === 'POST' && path === '/api/v1/matches/7/lines/' && confirmAnswers.length > 0)
      return confirmAnswers.shift()!;
    if (path === '/api/v1/matches/7/lines/')
      return { status: method === 'POST' ? 201 : 200, data: { results: [lineOf(1, 'them', 'Hey!')] } };
    return { status: 500 };
  });
  const polls = () =>
    setup.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/imports/12/')).length;
  return { ...setup, polls };
}

let store: ScreenshotImportStore | undefined;
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  store?.dispose();
  jest.useRealTimers();
});

describe('screenshots to a conversation (docs/product.md#screenshots-to-a-conversation)', () => {
  it('sends the files one a request in order, refusing bad ones first, then polls each second until read', async () => {
    const { client, requests, polls } = importServer();
    store = createScreenshotImportStore(client.matches, 7);
    const fractions: (number | undefined)[] = [];
    store.subscribe(({ uploads }) => fractions.push(uploads[0]?.fraction));
    await store.addFiles([
      png('one.png'),
      new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
      png('huge.png', 10 * 1024 * 1024 + 1),
      png('two.png'),
    ]);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v1/matches/7/imports/',
      'POST /api/v1/matches/7/imports/12/screenshots/',
      'POST /api/v1/matches/7/imports/12/screenshots/',
    ]);
    expect((requests[1]?.body as FormData).get('image')).toMatchObject({ name: 'one.png' });
    expect(fractions).toContain(0.5);
    expect(store.getState().uploads.map((u) => [u.name, u.state, u.problem])).toEqual([
      ['one.png', 'sent', null],
      [
        'notes.pdf',
        'refused',
        'That file is not a screenshot we can read. Choose a PNG, JPEG or WebP image.',
      ],
      ['huge.png', 'refused', 'That screenshot is over 10 MB. Choose a smaller one.'],
      ['two.png', 'sent', null],
    ]);
    expect(store.getState().announcement).toBe('Reading screenshot 1 of 2, 0 %');

    await jest.advanceTimersByTimeAsync(1000);
    expect(store.getState().announcement).toBe('Reading screenshot 1 of 2, 40 %');
    expect(store.getState().uploads[0]?.screenshot).toMatchObject({ status: 'reading', progress: 40 });
    await jest.advanceTimersByTimeAsync(5000);
    expect(store.getState()).toMatchObject({
      current: { status: 'ready' },
      draft: LINES,
      announcement: 'Read 2 screenshots: 3 lines to check.',
    });
    const pollsWhenReady = polls();
    expect(pollsWhenReady).toBe(6);
    await jest.advanceTimersByTimeAsync(3000);
    expect(polls()).toBe(pollsWhenReady);
  });

  it('confirms the corrected lines with the import, and the match’s transcript reloads', async () => {
    const { client, requests } = importServer();
    const match = createMatchStore(client.matches, 7);
    store = createScreenshotImportStore(client.matches, 7, { onConfirmed: () => match.reloadLines() });
    await store.addFiles([png('one.png')]);
    await jest.advanceTimersByTimeAsync(3000);
    store.flipLine(2);
    store.editLine(1, 'How was the hike??');
    store.removeLine(0);
    await expect(store.confirm()).resolves.toBe(true);
    const added = requests.find((r) => r.method === 'POST' && r.path === '/api/v1/matches/7/lines/');
    expect(added?.body).toEqual({
      lines: [
        { side: 'them', text: 'How was the hike??' },
        { side: 'them', text: 'Muddy' },
      ],
      import_id: 12,
    });
    expect(store.getState()).toMatchObject({ confirmed: true, current: { status: 'confirmed' } });
    expect(match.getState().lines.map((l) => l.text)).toEqual(['Hey!']);
  });

  it('takes a confirmation whose answer was lost as made: the retry’s 409 import_confirmed', async () => {
    const { client, requests } = importServer({
      confirmAnswers: [
        { status: 504 },
        { status: 409, data: { code: 'import_confirmed', detail: 'This import was added already.' } },
      ],
    });
    const match = createMatchStore(client.matches, 7);
    store = createScreenshotImportStore(client.matches, 7, { onConfirmed: () => match.reloadLines() });
    await store.addFiles([png('one.png')]);
    await jest.advanceTimersByTimeAsync(3000);
    await expect(store.confirm()).resolves.toBe(false);
    expect(store.getState()).toMatchObject({ confirmed: false, current: { status: 'ready' } });
    await expect(store.confirm()).resolves.toBe(true);
    expect(store.getState()).toMatchObject({
      confirmed: true,
      confirmError: null,
      current: { status: 'confirmed' },
    });
    expect(match.getState().lines.map((l) => l.text)).toEqual(['Hey!']);
    const adds = requests.filter((r) => r.path === '/api/v1/matches/7/lines/');
    expect(adds.map((r) => r.method)).toEqual(['POST', 'POST', 'GET']);
  });

  it('starts no polling and changes nothing when a poll answers after dispose', async () => {
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { client, polls } = importServer({
      hold: ({ method }) => (method === 'GET' ? held : Promise.resolve()),
    });
    store = createScreenshotImportStore(client.matches, 7);
    await store.addFiles([png('one.png')]);
    await jest.advanceTimersByTimeAsync(1000);
    expect(polls()).toBe(1);
    const before = store.getState();
    store.dispose();
    answer();
    await jest.advanceTimersByTimeAsync(5000);
    expect(polls()).toBe(1);
    expect(store.getState()).toBe(before);
  });

  it('sends nothing to an import that was being started when the store was disposed', async () => {
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { client, requests } = importServer({ hold: () => held });
    store = createScreenshotImportStore(client.matches, 7);
    const adding = store.addFiles([png('one.png')]);
    store.dispose();
    answer();
    await adding;
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/v1/matches/7/imports/']);
    expect(store.getState()).toMatchObject({ current: null, uploads: [] });
  });

  it('follows a new import started after dispose: the screen shows again', async () => {
    const { client, polls } = importServer();
    store = createScreenshotImportStore(client.matches, 7);
    store.dispose();
    await store.addFiles([png('one.png')]);
    expect(store.getState().uploads.map((u) => u.state)).toEqual(['sent']);
    await jest.advanceTimersByTimeAsync(3000);
    expect(polls()).toBe(3);
    expect(store.getState()).toMatchObject({ current: { status: 'ready' }, draft: LINES });
  });

  it('refuses an eleventh screenshot before sending, and stops polling when disposed', async () => {
    const { client, requests, polls } = importServer();
    store = createScreenshotImportStore(client.matches, 7);
    await store.addFiles(Array.from({ length: 11 }, (_, i) => png(`${i}.png`)));
    expect(store.getState().uploads.at(-1)).toMatchObject({
      state: 'refused',
      problem: 'One import reads at most 10 screenshots. Confirm these, then add more.',
    });
    expect(requests.filter((r) => r.path.endsWith('/screenshots/'))).toHaveLength(10);
    await jest.advanceTimersByTimeAsync(1000);
    store.dispose();
    await jest.advanceTimersByTimeAsync(5000);
    expect(polls()).toBe(1);
  });

  it('says when no text was found, and starts a new import for the next files', async () => {
    const { client, requests } = importServer({ noText: true });
    store = createScreenshotImportStore(client.matches, 7);
    await store.addFiles([png('blank.png')]);
    await jest.advanceTimersByTimeAsync(1000);
    expect(store.getState()).toMatchObject({
      current: { status: 'failed' },
      announcement: 'No text was found in these screenshots. Try clearer ones.',
      uploads: [{ screenshot: { status: 'failed', error: 'No text.' } }],
    });
    await store.addFiles([png('clear.png')]);
    expect(requests.filter((r) => r.path === '/api/v1/matches/7/imports/')).toHaveLength(2);
    expect(store.getState().uploads.map((u) => u.name)).toEqual(['clear.png']);
  });
});
