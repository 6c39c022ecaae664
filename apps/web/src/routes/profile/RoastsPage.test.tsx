import type { Roast } from '@wingmate/api-contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { call, page, pageLoaderWhileLoading, renderScreen } from '../../testing/screens';

jest.mock('../../ui/Markdown');

const NOW = '2026-11-23T12:00:00.000Z';
const roast = (id: number, text: string, intensity: Roast['intensity'] = null): Roast => ({
  id,
  text,
  intensity,
  created_at: NOW,
  updated_at: NOW,
});

async function openRoasts(routes: Parameters<typeof renderScreen>[1]) {
  const rendered = renderScreen('/roasts', routes, { signedIn: true });
  await screen.findByRole('heading', { level: 1, name: 'Your roasts' });
  return rendered;
}

describe('/roasts (docs/web.md#routes: members; list, create, edit)', () => {
  it('sends a visitor to sign in, coming back to /roasts', async () => {
    const { router } = renderScreen('/roasts', {});
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Froasts');
  });

  it('shows a loading state, then the empty state', async () => {
    let reply: (value: { data: unknown }) => void = () => undefined;
    const { requests } = renderScreen(
      '/roasts',
      { [call('listRoasts')]: () => new Promise((resolve) => (reply = resolve)) },
      { signedIn: true },
    );
    expect(await pageLoaderWhileLoading(requests, call('listRoasts'))).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Your roasts' })).toBeNull();
    act(() => reply({ data: page([]) }));
    expect(await screen.findByText('No roasts yet. Write your first one above.')).toBeTruthy();
  });

  it('says why the roasts could not be loaded, and loads again on "Try again"', async () => {
    let calls = 0;
    await openRoasts({
      [call('listRoasts')]: () =>
        ++calls === 1 ? { status: 400, data: { detail: 'Invalid page.' } } : { data: page([roast(1, 'Hi')]) },
    });
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hi')).toBeTruthy();
  });

  it('creates a roast, newest first, and refuses an empty one in words', async () => {
    const { requests } = await openRoasts({
      [call('listRoasts')]: { data: page([roast(1, 'Older roast')]) },
      [call('createRoast')]: { status: 201, data: roast(2, 'Your playlist is a cry for help.') },
    });
    const create = within(await screen.findByRole('form', { name: 'New roast' }));
    await userEvent.click(create.getByRole('button', { name: 'Save' }));
    expect(create.getByText('Write the roast first.')).toBeTruthy();
    await userEvent.type(
      create.getByRole('textbox', { name: 'New roast' }),
      'Your playlist is a cry for help.',
    );
    await userEvent.click(create.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Roast saved')).toBeTruthy();
    const items = screen.getAllByRole('article').map((article) => article.textContent);
    expect(items[0]).toContain('Your playlist is a cry for help.');
    expect(items[0]).toContain('Saved Nov 23, 2026');
    expect(items[1]).toContain('Older roast');
    expect(requests.at(-1)?.body).toEqual({ text: 'Your playlist is a cry for help.' });
    expect(create.getByRole<HTMLTextAreaElement>('textbox', { name: 'New roast' }).value).toBe('');
  });

  it('edits a roast in place; Escape leaves it as it was and gives focus back to Edit', async () => {
    const { requests } = await openRoasts({
      [call('listRoasts')]: { data: page([roast(1, 'First take')]) },
      [call('updateRoast', { id: 1 })]: { data: roast(1, 'Second take') },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const textbox = screen.getByRole('textbox', { name: 'Edit roast' });
    expect(document.activeElement).toBe(textbox);
    await userEvent.type(textbox, ' changed');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByText('First take')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit' })));

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Edit roast' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Edit roast' }), 'Second take');
    await userEvent.click(
      within(screen.getByRole('form', { name: 'Edit roast' })).getByRole('button', { name: 'Save' }),
    );
    expect(await screen.findByText('Second take')).toBeTruthy();
    expect(requests.at(-1)).toMatchObject({ method: 'PUT', body: { text: 'Second take' } });
  });

  it('asks for a roast at the intensity chosen; the new roast comes first with its intensity, a written one with none', async () => {
    const { requests } = await openRoasts({
      [call('listRoasts')]: { data: page([roast(1, 'My own roast')]) },
      [call('generateRoast')]: { status: 201, data: roast(2, 'Bold move, that bio.', 'brutal') },
    });
    const intensity = await screen.findByRole('radiogroup', { name: 'Intensity' });
    expect(within(intensity).getAllByRole('radio')).toHaveLength(3);
    expect(within(intensity).getByRole('radio', { name: 'Honest' })).toHaveProperty('checked', true);
    const brutal = within(intensity).getByRole('radio', { name: 'Brutal' });
    expect(brutal.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText('Blunt about the choices in your bio and photos; never about who you are.'),
    ).toBeTruthy();

    await userEvent.click(brutal);
    await userEvent.click(screen.getByRole('button', { name: 'Roast me' }));
    expect(await screen.findByText('Your roast is ready')).toBeTruthy();
    const items = screen.getAllByRole('article').map((article) => article.textContent);
    expect(items[0]).toContain('Bold move, that bio.');
    expect(items[0]).toContain('Brutal roast');
    expect(items[1]).not.toMatch(/Gentle roast|Honest roast|Brutal roast/);
    expect(requests.at(-1)).toMatchObject({ method: 'POST', body: { intensity: 'brutal' } });
  });

  it('out of messages, shows the paywall words with a link to /pricing', async () => {
    await openRoasts({
      [call('listRoasts')]: { data: page([]) },
      [call('generateRoast')]: {
        status: 402,
        data: { detail: 'No messages remaining.', code: 'no_messages' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Roast me' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'You are out of messages. A roast costs one: choose a plan to get yours.',
    );
    expect(within(alert).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
  });

  it('says what to add when there is nothing to roast yet', async () => {
    await openRoasts({
      [call('listRoasts')]: { data: page([]) },
      [call('generateRoast')]: {
        status: 400,
        data: {
          intensity: [
            'There is nothing to roast yet: add a dating bio or photos on the Dating bio page first.',
          ],
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Roast me' }));
    expect((await screen.findByRole('alert')).textContent).toContain('add a dating bio or photos');
  });
});
