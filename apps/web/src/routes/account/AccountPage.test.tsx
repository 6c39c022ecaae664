import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { silentLogger } from '@wingmate/core-sdk';
import { renderFrame, servicesFor } from '../../testing/render-frame';
import { fakeClient } from '../../testing/fake-client';
import { call, member, renderAccount, section, startAccount } from '../../testing/account';
import { pageLoaderWhileLoading } from '../../testing/screens';
import { PAGE_LOADER_NAME } from '../../frame/PageLoader';

describe('/account (docs/web.md#routes: members only)', () => {
  it('sends a visitor to sign in, coming back to /account afterwards', async () => {
    const { router } = renderFrame({ path: '/account', services: servicesFor(fakeClient({}).client) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Faccount');
  });

  it('keeps the page behind the page loader until the user is in, then shows every section', async () => {
    let answer: (reply: { data: unknown }) => void = () => undefined;
    const { client, requests } = fakeClient(
      {
        [call('getAuthUser')]: () => new Promise((resolve) => (answer = resolve)),
        [call('getUserInfo')]: {
          data: { ...member, remaining_messages: 3, has_subscription: false, is_member: true },
        },
        [call('listMessages')]: { data: { count: 0, next: null, previous: null, results: [] } },
      },
      { signedIn: true },
    );
    renderFrame({ path: '/account', services: servicesFor(client) });
    expect(await pageLoaderWhileLoading(requests, call('getAuthUser'))).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Account' })).toBeNull();
    act(() => answer({ data: member }));
    expect(await screen.findByText('Signed in as Ada Lovelace.')).toBeTruthy();
    const headings = within(screen.getByRole('main'))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    // The billing sections (their own tests) sit between the profile sections and the data, sessions and delete.
    const billing = headings.indexOf('Plans');
    expect(headings.slice(0, billing)).toEqual([
      'Your name',
      'Sign-in details',
      'Text your wingmate',
      'Notices',
    ]);
    expect(headings.slice(-3)).toEqual(['Your data', 'Sessions', 'Delete account']);
    expect(headings.slice(billing, -3)).toContain('Message usage');
  });

  it('stays behind the page loader until the billing sections have their first answers', async () => {
    let answer: (reply: { data: unknown }) => void = () => undefined;
    const { requests } = startAccount({
      [call('listPayments')]: () => new Promise((resolve) => (answer = resolve)),
    });
    expect(await pageLoaderWhileLoading(requests, call('listPayments'))).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Account' })).toBeNull();
    act(() => answer({ data: { count: 0, next: null, previous: null, results: [] } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: PAGE_LOADER_NAME })).toBeNull();
    expect(await within(section('Billing history')).findByText('No payments yet.')).toBeTruthy();
  });

  it('says so when the user cannot be loaded, and loads it again on "Try again"', async () => {
    // A 4xx: the transport retries 5xx answers of GETs with real delays (axios-retry), which a test should not wait out.
    let status = 400;
    const logger = { ...silentLogger, warn: jest.fn() };
    const { client } = fakeClient(
      {
        [call('getAuthUser')]: () => ({ status, data: status === 200 ? member : { detail: 'Bad request.' } }),
        [call('getUserInfo')]: { status: 400 },
        [call('listMessages')]: { data: { count: 0, next: null, previous: null, results: [] } },
      },
      { signedIn: true, logger },
    );
    renderFrame({ path: '/account', services: servicesFor(client) });
    expect((await screen.findByRole('alert')).textContent).toBe('We could not load your account.');
    expect(logger.warn).toHaveBeenCalledWith('session: could not load the user', expect.anything());
    status = 200;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your name' })).toBeTruthy();
  });
});

describe('/account, messages left (the billing part, mounted between the profile and the data sections)', () => {
  it('shows the messages left, "Unlimited" for an unlimited plan', async () => {
    await renderAccount({
      [call('getUserInfo')]: {
        data: { ...member, remaining_messages: null, has_subscription: true, is_member: true },
      },
    });
    expect(await within(section('Message usage')).findByText('Unlimited')).toBeTruthy();
    expect(within(section('Message usage')).getByTestId('remaining-messages').textContent).toBe('Unlimited');
  });
});
