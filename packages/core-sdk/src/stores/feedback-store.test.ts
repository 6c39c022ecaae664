import { ACCESS_TOKEN_KEY } from '../session/tokens';
import { fakeClient, type FakeHandler } from '../testing/fake-api';
import { createFeedbackStore } from './feedback-store';

function signedInStore(handler: FakeHandler) {
  const { client, requests, storage } = fakeClient(handler);
  storage.set(ACCESS_TOKEN_KEY, 'jwt');
  return { store: createFeedbackStore(client.account), requests };
}

describe('feedback from a member (docs/product.md#dating-bio-photos-profile)', () => {
  it('sends the text, and stays sent', async () => {
    const { store, requests } = signedInStore(() => ({ status: 201, data: { id: 1 } }));
    const sending = store.send('Love it');
    expect(store.getState().status).toBe('sending');
    await expect(sending).resolves.toBe(true);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/accounts/user/feedback/create/',
      body: { text: 'Love it' },
    });
    expect(store.getState()).toEqual({ status: 'sent', error: null });
  });

  it('keeps the refusal, ready to send again', async () => {
    const { store } = signedInStore(() => ({
      status: 400,
      data: { text: ['This field may not be blank.'] },
    }));
    await expect(store.send('x')).resolves.toBe(false);
    expect(store.getState()).toMatchObject({ status: 'idle', error: { status: 400 } });
  });
});
