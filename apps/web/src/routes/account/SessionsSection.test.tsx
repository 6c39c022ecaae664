import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { call, renderAccount, requestsTo, resetToasts, section } from '../../testing/account';

afterEach(resetToasts);

describe('/account, log out and sign out everywhere', () => {
  it('logs out: the refresh token is revoked, the tokens and stored contact go, and the page goes home', async () => {
    const { requests, router, tokenStorage, storage } = await renderAccount({
      [call('logout')]: { data: {} },
    });
    storage.set('phone_number', '+12015550123');
    storage.set('email', 'ada@example.com');
    await userEvent.click(within(section('Sessions')).getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('You are logged out')).toBeTruthy();
    expect(requestsTo(requests, 'logout')[0]?.body).toEqual({ refresh: 'test-refresh' });
    expect(tokenStorage.get('access_token')).toBeNull();
    expect(storage.get('phone_number')).toBeNull();
    expect(storage.get('email')).toBeNull();
  });

  it('signs out everywhere, then goes home signed out', async () => {
    const { requests, router, tokenStorage } = await renderAccount({
      [call('logoutAll')]: { data: { detail: 'ok' } },
    });
    await userEvent.click(within(section('Sessions')).getByRole('button', { name: 'Sign out everywhere' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Signed out everywhere')).toBeTruthy();
    expect(requestsTo(requests, 'logoutAll')).toHaveLength(1);
    expect(tokenStorage.get('access_token')).toBeNull();
  });

  it('stays signed in on the page when signing out everywhere fails', async () => {
    const { router, tokenStorage } = await renderAccount({
      [call('logoutAll')]: { status: 429, data: { detail: 'Slow down.' } },
    });
    const sessions = within(section('Sessions'));
    await userEvent.click(sessions.getByRole('button', { name: 'Sign out everywhere' }));
    expect((await sessions.findByRole('alert')).textContent).toBe('Slow down.');
    expect(router.state.location.pathname).toBe('/account');
    expect(tokenStorage.get('access_token')).not.toBeNull();
    expect(sessions.getByRole<HTMLButtonElement>('button', { name: 'Log out' }).disabled).toBe(false);
  });
});
