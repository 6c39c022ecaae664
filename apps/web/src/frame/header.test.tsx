import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeClient, type FakeRoutes } from '../testing/fake-client';
import { renderFrame, servicesFor } from '../testing/render-frame';

const user = {
  pk: 7,
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone_number: '+15555550123',
  email: 'ada@example.com',
  system_number: '+15555550100',
  date_joined: '2026-11-01T00:00:00Z',
};
const info = (remaining: number | null) => ({
  id: 7,
  remaining_messages: remaining,
  has_subscription: remaining === null,
  is_member: true,
});

function renderMember(routes: FakeRoutes = {}) {
  const fake = fakeClient(
    {
      'GET /auth/user/': { data: user },
      'GET /api/v1/user/info/': { data: info(42) },
      'POST /auth/logout/': { data: {} },
      ...routes,
    },
    { signedIn: true },
  );
  return { ...fake, ...renderFrame({ services: servicesFor(fake.client) }) };
}

async function openAccountMenu() {
  await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
  return within(await screen.findByRole('menu'));
}

describe('the header (docs/web.md#the-frame)', () => {
  it('offers a visitor Chat, Pricing, Matches, Sign in and Sign up, and no account menu', async () => {
    renderFrame();
    const header = within(await screen.findByRole('banner'));
    expect(header.getByRole('link', { name: 'Chat' }).getAttribute('href')).toBe('/chat');
    expect(header.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(header.getByRole('link', { name: 'Matches' }).getAttribute('href')).toBe('/matches');
    expect(header.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(header.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(header.queryByRole('button', { name: 'Account menu' })).toBeNull();
  });

  it("gives a member the account menu, with the remaining messages and the member's pages", async () => {
    renderMember();
    const header = within(await screen.findByRole('banner'));
    expect(header.queryByRole('link', { name: 'Sign in' })).toBeNull();
    const menu = await openAccountMenu();
    expect((await menu.findByTestId('remaining-messages')).textContent).toBe('42');
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Account',
      'Profile',
      'Dating bio',
      'Roasts',
      'Sounds like me',
      'Send feedback',
      'Log out',
    ]);
    expect(menu.getByRole('menuitem', { name: 'Dating bio' }).getAttribute('href')).toBe('/bio');
    expect(menu.getByRole('menuitem', { name: 'Roasts' }).getAttribute('href')).toBe('/roasts');
    expect(menu.getByRole('menuitem', { name: 'Sounds like me' }).getAttribute('href')).toBe('/style');
  });

  it('says "Unlimited" when the plan has no message limit (remaining_messages null)', async () => {
    renderMember({ 'GET /api/v1/user/info/': { data: info(null) } });
    const menu = await openAccountMenu();
    expect((await menu.findByTestId('remaining-messages')).textContent).toBe('Unlimited');
  });

  it('logs out through the server, goes home as a visitor and says so', async () => {
    const { requests, router } = renderMember();
    await act(() => router.navigate('/terms'));
    const menu = await openAccountMenu();
    await userEvent.click(menu.getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('You are logged out')).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST' && request.path === '/auth/logout/')).toBe(
      true,
    );
  });

  it('opens the feedback dialog from "Send feedback", and focus goes back to the menu button', async () => {
    renderMember();
    const menu = await openAccountMenu();
    await userEvent.click(menu.getByRole('menuitem', { name: 'Send feedback' }));
    const dialog = await screen.findByRole('dialog');
    // As a person would, press Escape once the dialog has taken focus: its Escape listener is set up by then, in
    // the same effects. Pressed earlier, on a loaded machine, the key can come before the listener and be lost.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Account menu' })),
    );
  });
});
