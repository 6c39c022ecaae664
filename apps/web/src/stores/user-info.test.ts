import { fakeClient } from '../testing/fake-client';
import { createUserInfoStore } from './user-info';

const member = { id: 7, remaining_messages: 42, has_subscription: false, is_member: true };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the user-info store', () => {
  it('loads the info and reports failures without throwing', async () => {
    let status = 400;
    const { client } = fakeClient(
      { 'GET /api/v1/user/info/': () => ({ status, data: member }) },
      { signedIn: true },
    );
    const store = createUserInfoStore(client);
    await store.getState().refresh();
    expect(store.getState()).toMatchObject({ status: 'failed', info: null });
    status = 200;
    await store.getState().refresh();
    expect(store.getState()).toMatchObject({ status: 'loaded', info: member });
  });

  it('never lets an older answer overwrite a newer one', async () => {
    const answers: Array<(reply: { data: unknown }) => void> = [];
    const { client } = fakeClient(
      { 'GET /api/v1/user/info/': () => new Promise((resolve) => answers.push(resolve)) },
      { signedIn: true },
    );
    const store = createUserInfoStore(client);
    const older = store.getState().refresh();
    const newer = store.getState().refresh();
    await settle();
    answers[1]?.({ data: { ...member, remaining_messages: 5 } });
    await newer;
    answers[0]?.({ data: { ...member, remaining_messages: 99 } });
    await older;
    expect(store.getState().info?.remaining_messages).toBe(5);
  });

  it('drops the info and reloads when the person signs out', async () => {
    const { client, requests } = fakeClient(
      { 'GET /api/v1/user/info/': { data: member } },
      { signedIn: true },
    );
    const store = createUserInfoStore(client);
    await store.getState().refresh();
    client.session.forget();
    expect(store.getState().info).toBeNull();
    await settle();
    // Reloaded as a visitor (the call is made by uid once it is optional-auth; until then it fails here).
    expect(store.getState().status).not.toBe('idle');
    expect(requests.length).toBeGreaterThan(0);
  });
});
