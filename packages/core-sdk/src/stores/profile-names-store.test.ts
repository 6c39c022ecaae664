import { member, signedInFakeClient } from './signed-in-fake-client';
import { createProfileNamesStore } from './profile-names-store';

describe('the names of the profile', () => {
  it('saves the typed names trimmed, then shows the saved ones; the session keeps the user', async () => {
    const { client, requests } = signedInFakeClient(({ body }) => ({
      status: 200,
      data: { ...member, ...(body as object) },
    }));
    const store = createProfileNamesStore(client.account, member);
    store.setFirstName('  Augusta ');
    store.setLastName(' King');
    const saving = store.save();
    expect(store.getState().status).toBe('saving');
    expect(await saving).toBe(true);
    expect(store.getState()).toEqual({
      firstName: 'Augusta',
      lastName: 'King',
      status: 'saved',
      error: null,
    });
    expect(requests[0]?.body).toEqual({ first_name: 'Augusta', last_name: 'King' });
    expect(client.session.getState().user).toMatchObject({ first_name: 'Augusta' });
  });

  it('keeps a refusal structured, with the names as typed', async () => {
    const { client } = signedInFakeClient(() => ({ status: 400, data: { first_name: ['Too long.'] } }));
    const store = createProfileNamesStore(client.account, member);
    store.setFirstName('A'.repeat(151));
    expect(await store.save()).toBe(false);
    expect(store.getState()).toMatchObject({
      firstName: 'A'.repeat(151),
      status: 'failed',
      error: { status: 400, data: { first_name: ['Too long.'] } },
    });
  });
});
