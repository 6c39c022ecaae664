import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { match, matchDetail } from '../../testing/matches';
import { call, page, pageLoaderWhileLoading, renderScreen, TEST_UID } from '../../testing/screens';

const LIST = call('listMatches');

describe('/matches (docs/web.md#routes: the list, archived behind a toggle, "Add a match")', () => {
  it("shows the page loader, then explains what a match is for when there is none, by the visitor's uid", async () => {
    let reply: (value: { data: unknown }) => void = () => undefined;
    const { requests } = renderScreen('/matches', {
      [LIST]: () => new Promise((resolve) => (reply = resolve)),
    });
    expect(await pageLoaderWhileLoading(requests, LIST)).toBeTruthy();
    act(() => reply({ data: page([]) }));
    expect(await screen.findByText('No matches yet')).toBeTruthy();
    expect(requests.find((request) => `${request.method} ${request.path}` === LIST)?.query.get('uid')).toBe(
      TEST_UID,
    );
  });

  it('says why the list could not be loaded, and loads it again on "Try again"', async () => {
    let calls = 0;
    renderScreen('/matches', {
      [LIST]: () =>
        ++calls === 1
          ? { status: 400, data: { detail: 'Invalid page.' } }
          : { data: page([match(1, 'Sam')]) },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your matches could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Sam/ })).toBeTruthy();
  });

  it('lists each match with its status, where they met and last activity, and the archived ones behind the toggle', async () => {
    const { requests } = renderScreen('/matches', {
      [LIST]: (request) =>
        request.query.get('archived') === 'true'
          ? { data: page([match(2, 'Alex', { archived: true, status: 'ended' })]) }
          : { data: page([match(1, 'Sam', { where_met: 'Hinge', status: 'date_planned' })]) },
    });
    const sam = await screen.findByRole('link', { name: /Sam/ });
    expect(sam.getAttribute('href')).toBe('/matches/1');
    expect(sam.textContent).toContain('Date planned');
    expect(sam.textContent).toContain('Hinge');
    expect(sam.textContent).toContain('Last activity Nov 23, 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Show archived' }));
    expect((await screen.findByRole('link', { name: /Alex/ })).textContent).toContain('Ended');
    expect(screen.queryByRole('link', { name: /Sam/ })).toBeNull();
    expect(
      requests
        .filter((request) => `${request.method} ${request.path}` === LIST)
        .at(-1)
        ?.query.get('archived'),
    ).toBe('true');
  });

  it('adds a match from the dialog, with the problems under their fields, and opens its page', async () => {
    const { requests, router } = renderScreen('/matches', {
      [LIST]: { data: page([]) },
      [call('createMatch')]: { status: 201, data: match(5, 'Robin', { where_met: 'Bumble' }) },
      [call('getMatch', { id: 5 })]: { data: matchDetail(5, 'Robin') },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add a match' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a match' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add match' }));
    expect(dialog.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    expect(dialog.getByText('Give the match a name.')).toBeTruthy();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), 'Robin');
    await userEvent.type(dialog.getByRole('textbox', { name: /Where you met/ }), 'Bumble');
    await userEvent.click(dialog.getByRole('button', { name: 'Add match' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/matches/5'));
    expect(
      requests.find((request) => `${request.method} ${request.path}` === call('createMatch'))?.body,
    ).toMatchObject({
      name: 'Robin',
      where_met: 'Bumble',
    });
  });
});
