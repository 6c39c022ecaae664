import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryStorage, renderFrame } from '../../testing/render-frame';
import { ConsentProvider } from './ConsentContext';
import { CONSENT_KEY, createConsentStore } from './consent-store';
import { TagManager } from './TagManager';

const tagManagerScript = () =>
  document.querySelector('script[src^="https://www.googletagmanager.com/gtm.js"]');

afterEach(() => {
  document.querySelectorAll('#wingmate-tag-manager').forEach((script) => script.remove());
});

describe('cookie consent (docs/web.md#the-frame: the tag manager loads only after marketing cookies are accepted)', () => {
  it('asks on the first visit, with "Accept all" and "Only necessary"', async () => {
    renderFrame({ config: { tagManagerId: 'GTM-TEST' } });
    const banner = within(await screen.findByRole('region', { name: 'Cookies' }));
    expect(banner.getByRole('button', { name: 'Accept all' })).toBeTruthy();
    expect(banner.getByRole('button', { name: 'Only necessary' })).toBeTruthy();
    expect(tagManagerScript()).toBeNull();
  });

  it('"Accept all" keeps the choice and then loads the tag manager with the configured id', async () => {
    const storage = memoryStorage();
    renderFrame({ config: { tagManagerId: 'GTM-TEST' }, storage });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept all' }));
    expect(screen.queryByRole('region', { name: 'Cookies' })).toBeNull();
    expect(JSON.parse(storage.values.get(CONSENT_KEY)!)).toMatchObject({ choice: 'all' });
    await waitFor(() =>
      expect(tagManagerScript()?.getAttribute('src')).toBe(
        'https://www.googletagmanager.com/gtm.js?id=GTM-TEST',
      ),
    );
  });

  it('"Only necessary" keeps the choice and never loads the tag manager', async () => {
    const storage = memoryStorage();
    renderFrame({ config: { tagManagerId: 'GTM-TEST' }, storage });
    await userEvent.click(await screen.findByRole('button', { name: 'Only necessary' }));
    expect(screen.queryByRole('region', { name: 'Cookies' })).toBeNull();
    expect(JSON.parse(storage.values.get(CONSENT_KEY)!)).toMatchObject({ choice: 'necessary' });
    expect(tagManagerScript()).toBeNull();
  });

  it('loads nothing after "Accept all" when no tag manager id is configured', async () => {
    renderFrame();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept all' }));
    expect(tagManagerScript()).toBeNull();
  });

  it('does not ask again once chosen, and honours the kept choice', async () => {
    const storage = memoryStorage({
      [CONSENT_KEY]: JSON.stringify({ choice: 'all', decidedAt: '2026-11-01T00:00:00Z' }),
    });
    renderFrame({ config: { tagManagerId: 'GTM-KEPT' }, storage });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Cookies' })).toBeNull();
    await waitFor(() => expect(tagManagerScript()?.getAttribute('src')).toContain('id=GTM-KEPT'));
  });

  it('lets the choice be changed from "Cookie settings", focus back on that button afterwards', async () => {
    const storage = memoryStorage({
      [CONSENT_KEY]: JSON.stringify({ choice: 'necessary', decidedAt: null }),
    });
    renderFrame({ config: { tagManagerId: 'GTM-TEST' }, storage });
    const settings = await screen.findByRole('button', { name: 'Cookie settings' });
    await userEvent.click(settings);
    const dialog = within(await screen.findByRole('dialog', { name: 'Cookie settings' }));
    expect(dialog.getByText('You allowed only the cookies the site needs to work.')).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Accept all' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(settings);
    expect(JSON.parse(storage.values.get(CONSENT_KEY)!)).toMatchObject({ choice: 'all' });
    await waitFor(() => expect(tagManagerScript()).not.toBeNull());
  });

  it('reloads the page when consent is withdrawn after the tag manager loaded (its tags cannot be unloaded)', async () => {
    const store = createConsentStore(memoryStorage());
    const reload = jest.fn();
    render(
      <ConsentProvider store={store}>
        <TagManager id="GTM-TEST" reload={reload} />
      </ConsentProvider>,
    );
    // The choice is made outside React, as the banner's buttons make it; act lets the frame redraw.
    act(() => store.getState().choose('all'));
    await waitFor(() => expect(tagManagerScript()).not.toBeNull());
    expect(reload).not.toHaveBeenCalled();
    act(() => store.getState().choose('necessary'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});

describe('createConsentStore', () => {
  it('starts undecided with nothing or something unreadable kept', () => {
    expect(createConsentStore(memoryStorage()).getState().choice).toBeNull();
    expect(createConsentStore(memoryStorage({ [CONSENT_KEY]: '{not json' })).getState().choice).toBeNull();
    expect(
      createConsentStore(memoryStorage({ [CONSENT_KEY]: '{"choice":"maybe"}' })).getState().choice,
    ).toBeNull();
  });

  it('keeps the choice with the time it was made', () => {
    const storage = memoryStorage();
    const store = createConsentStore(storage, () => new Date('2026-11-23T12:00:00Z'));
    store.getState().choose('necessary');
    expect(createConsentStore(storage).getState()).toMatchObject({
      choice: 'necessary',
      decidedAt: '2026-11-23T12:00:00.000Z',
    });
  });

  it('still holds the choice for the visit when the storage refuses to write', () => {
    const store = createConsentStore({
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    store.getState().choose('all');
    expect(store.getState().choice).toBe('all');
  });
});
