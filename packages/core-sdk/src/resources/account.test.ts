import { ACCESS_TOKEN_KEY } from '../session/tokens';
import { fakeClient, type FakeHandler } from '../testing/fake-api';

function signedIn(handler?: FakeHandler) {
  const setup = fakeClient(handler);
  setup.storage.set(ACCESS_TOKEN_KEY, 'jwt');
  return setup;
}

describe('answers update (docs/product.md#error-catalogue: on 400 the error is taken from text)', () => {
  it('throws the message under text', async () => {
    const { client } = signedIn(() => ({
      status: 400,
      data: { detail: 'Invalid.', text: ['Answers must be under 5000 characters.'] },
    }));
    await expect(client.account.updateAnswers({ answers: [{ id: 1, text: 'x' }] })).rejects.toMatchObject({
      status: 400,
      message: 'Answers must be under 5000 characters.',
    });
  });

  it('reads other failures the generic way', async () => {
    const { client } = signedIn(() => ({ status: 403, data: { detail: 'Not yours.', text: ['ignored'] } }));
    await expect(client.account.updateAnswers({ answers: [{ id: 1, text: 'x' }] })).rejects.toMatchObject({
      message: 'Not yours.',
    });
  });
});

describe('answer delete (docs/product.md#account-calls: 404 counts as success)', () => {
  it('resolves when the answer is already gone', async () => {
    const { client } = signedIn(() => ({ status: 404, data: { detail: 'Not found.' } }));
    await expect(client.account.deleteAnswer(5)).resolves.toBeUndefined();
  });

  it('rejects on other failures', async () => {
    const { client } = signedIn(() => ({ status: 403, data: { detail: 'Not yours.' } }));
    await expect(client.account.deleteAnswer(5)).rejects.toMatchObject({
      status: 403,
      message: 'Not yours.',
    });
  });
});

describe('questionnaires work by uid without a token (docs/decisions.md#core-sdk)', () => {
  it('sends the uid when anonymous', async () => {
    const { client, requests, storage } = fakeClient(() => ({ status: 201, data: {} }));
    storage.set('uid', 'visitor-1');
    await client.account.createQuestionnaireAnswer(3, { answers: [{ question: 1, text: 'Yes' }] });
    await client.account.getQuestionnaireAnswers(3);
    expect(requests[0]?.body).toEqual({ uid: 'visitor-1', answers: [{ question: 1, text: 'Yes' }] });
    expect(requests[1]?.query).toEqual({ uid: 'visitor-1' });
  });

  it('sends the token and no uid when signed in', async () => {
    const { client, requests } = signedIn(() => ({ status: 201, data: {} }));
    await client.account.createQuestionnaireAnswer(3, { answers: [{ question: 1, text: 'Yes' }] });
    expect(requests[0]?.body).toEqual({ answers: [{ question: 1, text: 'Yes' }] });
    expect(requests[0]?.authorization).toBe('Bearer jwt');
  });
});
