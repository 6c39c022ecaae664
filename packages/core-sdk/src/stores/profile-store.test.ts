import type { Answer, Question } from '@wingmate/api-contract';
import { ACCESS_TOKEN_KEY } from '../session/tokens';
import { fakeClient, type FakeHandler } from '../testing/fake-api';
import { createProfileStore } from './profile-store';

const NOW = '2026-11-23T12:00:00.000Z';
const page = <T>(results: T[], next: string | null = null) => ({
  count: results.length,
  next,
  previous: null,
  results,
});
const question = (id: number): Question => ({
  id,
  text: `Question ${id}`,
  kind: 'text',
  choices: [],
  order: id,
});
const answer = (id: number, questionId: number, text: string): Answer => ({
  id,
  question: questionId,
  text,
  created_at: NOW,
  updated_at: NOW,
});

const lists: FakeHandler = (request) => {
  if (request.path.endsWith('/questions/')) {
    return String(request.query.page) === '2'
      ? { status: 200, data: page([question(2)]) }
      : { status: 200, data: page([question(1)], 'http://api.test/api/v1/accounts/questions/?page=2') };
  }
  if (request.path.endsWith('/answers/')) return { status: 200, data: page([answer(10, 1, 'Nurse')]) };
  return { status: 200, data: page([]) };
};

async function loadedStore(handler: FakeHandler = () => ({ status: 200, data: [] })) {
  const { client, requests, storage } = fakeClient((request) =>
    request.method === 'GET' ? lists(request) : handler(request),
  );
  storage.set(ACCESS_TOKEN_KEY, 'jwt');
  const store = createProfileStore(client.account);
  await store.load();
  return { store, requests };
}

describe('the profile questions and answers (docs/product.md#dating-bio-photos-profile)', () => {
  it('loads every page of the questions, the answers and the questionnaires', async () => {
    const { store, requests } = await loadedStore();
    expect(requests.map((r) => `${r.path}?page=${String(r.query.page)}`)).toEqual([
      '/api/v1/accounts/questions/?page=1',
      '/api/v1/accounts/answers/?page=1',
      '/api/v1/accounts/questionnaires/?page=1',
      '/api/v1/accounts/questions/?page=2',
    ]);
    expect(store.getState().questions.map((q) => q.id)).toEqual([1, 2]);
    expect(store.answerTo(1)?.text).toBe('Nurse');
  });

  it('answers a question not answered yet, saving while it runs', async () => {
    const { store, requests } = await loadedStore(() => ({ status: 201, data: [answer(11, 2, 'Climbing')] }));
    const saving = store.saveAnswer(2, 'Climbing');
    expect(store.getState().answering[2]).toBe('save');
    await expect(saving).resolves.toBe(true);
    expect(requests[4]).toMatchObject({
      method: 'POST',
      path: '/api/v1/accounts/answers/',
      body: { answers: [{ question: 2, text: 'Climbing' }] },
    });
    expect(store.answerTo(2)?.id).toBe(11);
    expect(store.getState().answering).toEqual({});
  });

  it('changes an existing answer by its id', async () => {
    const { store, requests } = await loadedStore(() => ({ status: 200, data: [answer(10, 1, 'Doctor')] }));
    await store.saveAnswer(1, 'Doctor');
    expect(requests[4]).toMatchObject({
      method: 'PUT',
      path: '/api/v1/accounts/answers/update/',
      body: { answers: [{ id: 10, text: 'Doctor' }] },
    });
    expect(store.getState().answers.map((a) => a.text)).toEqual(['Doctor']);
  });

  it('keeps the refusal under the question, with the server’s `text` message', async () => {
    const { store } = await loadedStore(() => ({ status: 400, data: { text: ['Too long.'] } }));
    await expect(store.saveAnswer(1, 'x')).resolves.toBe(false);
    expect(store.getState().answerErrors[1]).toMatchObject({ status: 400, message: 'Too long.' });
    expect(store.answerTo(1)?.text).toBe('Nurse');
  });

  it('deletes an answer; one already gone counts as deleted', async () => {
    const { store, requests } = await loadedStore(() => ({ status: 404, data: { detail: 'Not found.' } }));
    await expect(store.deleteAnswer(1)).resolves.toBe(true);
    expect(requests[4]).toMatchObject({ method: 'DELETE', path: '/api/v1/accounts/answers/10/delete/' });
    expect(store.answerTo(1)).toBeUndefined();
  });
});
