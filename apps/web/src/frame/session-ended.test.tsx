import { act, screen, waitFor } from '@testing-library/react';
import { silentLogger } from '@wingmate/core-sdk';
import { fakeClient } from '../testing/fake-client';
import { renderFrame, servicesFor } from '../testing/render-frame';
import { toastStore } from '../ui/toast-store';

const refused = { status: 401, data: { detail: 'Token is invalid or expired', code: 'token_not_valid' } };

afterEach(() => act(() => toastStore.setState({ toasts: [] })));

describe('a session the server ends (docs/decisions.md#signing-out)', () => {
  it('says "Your session ended" and sends a members-only page to sign in', async () => {
    const logger = { ...silentLogger, warn: jest.fn() };
    const { client } = fakeClient(
      { 'GET /auth/user/': refused, 'POST /auth/token/refresh/': refused },
      { signedIn: true, logger },
    );
    const { router } = renderFrame({ path: '/account', services: servicesFor(client) });
    await act(async () => void (await client.session.loadUser()));
    expect(logger.warn).toHaveBeenCalledWith('session: could not load the user', expect.anything());
    expect(await screen.findByText('Your session ended')).toBeTruthy();
    expect(screen.getByText('Sign in again to go on.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Faccount');
  });

  it('says nothing of the kind when the person signs out', async () => {
    const { client } = fakeClient(
      { 'GET /auth/user/': { data: { pk: 1, first_name: 'Ada' } } },
      { signedIn: true },
    );
    renderFrame({ path: '/privacy', services: servicesFor(client) });
    await screen.findByRole('heading', { level: 1 });
    act(() => client.session.forget());
    await waitFor(() => expect(client.session.isLoggedIn()).toBe(false));
    expect(screen.queryByText('Your session ended')).toBeNull();
  });
});
