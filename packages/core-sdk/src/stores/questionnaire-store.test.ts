import type { Questionnaire, QuestionnaireAnswer } from '@wingmate/api-contract';
import { fakeClient, type FakeHandler } from '../testing/fake-api';
import { createQuestionnaireStore, questionnaireAnswers } from './questionnaire-store';

const NOW = '2026-11-23T12:00:00.000Z';
const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const questionnaire: Questionnaire = {
  id: 3,
  title: 'Weekend',
  description: 'How you spend it.',
  questions: [
    { id: 1, text: 'Morning?', kind: 'text', choices: [] },
    { id: 2, text: 'Evening?', kind: 'text', choices: [] },
  ],
};
const saved = (id: number, text: string): QuestionnaireAnswer => ({
  id,
  questionnaire: 3,
  answers: [{ question: 1, text }],
  created_at: NOW,
  updated_at: NOW,
});

function questionnaireStore(answerReply: { status: number; data?: unknown }, handler?: FakeHandler) {
  const { client, requests, storage } = fakeClient((request) => {
    if (request.path === '/api/v1/accounts/questionnaires/')
      return { status: 200, data: page([questionnaire]) };
    if (request.method === 'GET') return answerReply;
    return handler ? handler(request) : { status: 201, data: saved(8, 'Run') };
  });
  storage.set('uid', 'visitor-1');
  return { store: createQuestionnaireStore(client.account), requests };
}

describe('a questionnaire, open to visitors by uid (docs/product.md#dating-bio-photos-profile)', () => {
  it('finds the questionnaire by id, with no answers yet on a 404', async () => {
    const { store, requests } = questionnaireStore({ status: 404, data: { detail: 'Not found.' } });
    await expect(store.load(3)).resolves.toEqual({ questionnaire, answer: null });
    expect(requests[1]).toMatchObject({
      path: '/api/v1/accounts/questionnaires/answers/3/',
      query: { uid: 'visitor-1' },
    });
  });

  it('answers no questionnaire for an id that is not one, asking nothing', async () => {
    const { store, requests } = questionnaireStore({ status: 404 });
    await expect(store.load(Number('x'))).resolves.toEqual({ questionnaire: null, answer: null });
    expect(requests).toHaveLength(0);
  });

  it('sends the answers given, trimmed, leaving out the blank ones', async () => {
    expect(questionnaireAnswers(questionnaire, { 1: '  Run ', 2: ' ' })).toEqual([
      { question: 1, text: 'Run' },
    ]);
    const { store, requests } = questionnaireStore({ status: 404 });
    await store.load(3);
    await expect(store.save({ 1: ' Run ' })).resolves.toEqual(saved(8, 'Run'));
    expect(requests[2]).toMatchObject({
      method: 'POST',
      path: '/api/v1/accounts/questionnaires/3/answer/create/',
      body: { uid: 'visitor-1', answers: [{ question: 1, text: 'Run' }] },
    });
    expect(store.getState()).toMatchObject({ answer: saved(8, 'Run'), saving: false });
  });

  it('changes the caller’s answer once there is one', async () => {
    const { store, requests } = questionnaireStore({ status: 200, data: saved(8, 'Run') }, () => ({
      status: 200,
      data: saved(8, 'Swim'),
    }));
    await store.load(3);
    await store.save({ 1: 'Swim' });
    expect(requests[2]).toMatchObject({ path: '/api/v1/accounts/questionnaires/3/answer/8/update/' });
    expect(store.getState().answer?.answers[0]?.text).toBe('Swim');
  });

  it('keeps the refusal, answering null', async () => {
    const { store } = questionnaireStore({ status: 404 }, () => ({ status: 400, data: { detail: 'No.' } }));
    await store.load(3);
    await expect(store.save({ 1: 'Run' })).resolves.toBeNull();
    expect(store.getState()).toMatchObject({ saving: false, saveError: { message: 'No.' } });
  });
});
