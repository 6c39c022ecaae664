import { signedInFakeClient } from './signed-in-fake-client';
import { createUserInfoStore } from './user-info-store';

const member = { id: 7, remaining_messages: 42, has_subscription: false, is_member: true };
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the user-info store', () => {
  it('loads the info and reports failures without throwing', async () => {
    let status = 400;
    const { client } = signedInFakeClient(() => ({ status, data: member }));
    const store = createUserInfoStore(client);
    await store.getState().refresh();
    expect(store.getState()).toMatchObject({ status: 'failed', info: null });
    status = 200;
    await store.getState().refresh();
    expect(store.getState()).toMatchObject({ status: 'loaded', info: member });
  });

  it('never lets an older answer overwrite a newer one', async () => {
    const answers: Array<(reply: { status: number; data: unknown }) => void> = [];
    const { client } = signedInFakeClient(() => new Promise((resolve) => answers.push(resolve)));
    const store = createUserInfoStore(client);
    const older = store.getState().refresh();
    const newer = store.getState().refresh();
    while (answers.length < 2) await settle();
    answers[1]?.({ status: 200, data: { ...member, remaining_messages: 5 } });
    await newer;
    answers[0]?.({ status: 200, data: { ...member, remaining_messages: 99 } });
    await older;
    expect(store.getState().info?.remaining_messages).toBe(5);
  });

  it('drops the info and reloads as a visitor when the person signs out', async () => {
    const { client, requests } = signedInFakeClient(() => ({ status: 200, data: member }));
    const store = createUserInfoStore(client);
    await store.getState().refresh();
    client.session.forget();
    expect(store.getState()).toMatchObject({ info: null, status: 'loading' });
    await settle();
    expect(requests.map((request) => [request.path, request.authorization])).toEqual([
      ['/api/v1/user/info/', 'Bearer jwt'],
      ['/api/v1/user/info/', null],
    ]);
    expect(requests[1]?.query).toHaveProperty('uid');
  });
});
