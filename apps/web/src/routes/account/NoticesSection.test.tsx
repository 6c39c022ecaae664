import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { call, renderAccount, requestsTo, resetToasts, section, startAccount } from '../../testing/account';
import { pageLoaderWhileLoading } from '../../testing/screens';

afterEach(resetToasts);

const notice = (id: number, read = false) => ({
  id,
  kind: 'notice',
  title: `Notice ${id}`,
  body: `What notice ${id} says.`,
  created_at: '2026-11-20T09:00:00.000Z',
  read,
});
const page = (results: unknown[], next: string | null = null) => ({
  data: { count: results.length, next, previous: null, results },
});

describe('/account, notices', () => {
  it('keeps /account behind the page loader until the notices are in, then lists them newest first, unread marked', async () => {
    let answer: (reply: { data: unknown }) => void = () => undefined;
    const { requests } = startAccount({
      [call('listMessages')]: () => new Promise((resolve) => (answer = resolve)),
    });
    expect(await pageLoaderWhileLoading(requests, call('listMessages'))).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Account' })).toBeNull();
    act(() => answer(page([notice(2), notice(1, true)])));
    await screen.findByRole('heading', { level: 1, name: 'Account' });
    const notices = within(section('Notices'));
    const items = await notices.findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Notice 2',
      'Notice 1',
    ]);
    expect(within(items[0]!).getByText('New')).toBeTruthy();
    expect(within(items[1]!).queryByText('New')).toBeNull();
    expect(notices.getByText('1 unread.')).toBeTruthy();
    expect(within(items[0]!).getByText('Nov 20, 2026')).toBeTruthy();
  });

  it('marks a notice read on the server, then shows it read', async () => {
    const { requests } = await renderAccount({
      [call('listMessages')]: page([notice(3)]),
      [call('markMessageRead', { id: 3 })]: { data: notice(3, true) },
    });
    const notices = within(section('Notices'));
    await userEvent.click(await notices.findByRole('button', { name: 'Mark as read – Notice 3' }));
    expect(await notices.findByText('News about your account and Wingmate.')).toBeTruthy();
    expect(notices.queryByText('New')).toBeNull();
    expect(notices.queryByRole('button', { name: /Mark as read/ })).toBeNull();
    expect(requestsTo(requests, 'markMessageRead', { id: 3 })).toHaveLength(1);
  });

  it('keeps a notice unread, with a toast, when the server refuses', async () => {
    await renderAccount({
      [call('listMessages')]: page([notice(4)]),
      [call('markMessageRead', { id: 4 })]: { status: 404, data: { detail: 'Not found.' } },
    });
    const notices = within(section('Notices'));
    await userEvent.click(await notices.findByRole('button', { name: 'Mark as read – Notice 4' }));
    expect(await screen.findByText('Could not mark the notice read')).toBeTruthy();
    expect(notices.getByText('New')).toBeTruthy();
  });

  it('says when there are none', async () => {
    await renderAccount();
    expect(await within(section('Notices')).findByText('No notices yet.')).toBeTruthy();
  });

  it('offers "Try again" when the list fails, and loads older pages on request', async () => {
    let fail = true;
    const { requests } = await renderAccount({
      [call('listMessages')]: ({ query }) =>
        fail
          ? { status: 400, data: { detail: 'Something is off.' } }
          : query.get('page') === '2'
            ? page([notice(1)])
            : page([notice(2)], 'http://api.test/api/v1/accounts/messages/?page=2'),
    });
    const notices = within(section('Notices'));
    expect((await notices.findByRole('alert')).textContent).toBe('Something is off.');
    fail = false;
    await userEvent.click(notices.getByRole('button', { name: 'Try again' }));
    expect(await notices.findByRole('heading', { name: 'Notice 2' })).toBeTruthy();
    await userEvent.click(await notices.findByRole('button', { name: 'Show older notices' }));
    expect(await notices.findByRole('heading', { name: 'Notice 1' })).toBeTruthy();
    expect(notices.getAllByRole('listitem')).toHaveLength(2);
    expect(notices.queryByRole('button', { name: 'Show older notices' })).toBeNull();
    expect(requestsTo(requests, 'listMessages').at(-1)?.query.get('page')).toBe('2');
  });
});
