import { act, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { useLoader } from '../ui/useLoader';
import { renderFrame } from '../testing/render-frame';
import { bioCall, renderScreen } from '../testing/screens';
import { PAGE_LOADER_DELAY_MS } from './Layout';
import { PAGE_LOADER_NAME } from './PageLoader';
import { pageRoutes } from './routes';

// docs/decisions.md#the-page-loader: routes with `handle: { loader: true }` wait behind it for their first data.

const loaderShown = () => screen.queryByRole('status', { name: PAGE_LOADER_NAME });

/** A page whose data comes when the test says, through the data hook the screens use. */
function slowPage(title: string) {
  let release!: (text: string) => void;
  const data = new Promise<string>((resolve) => (release = resolve));
  function Component() {
    const { state } = useLoader(() => data);
    return (
      <>
        <h1>{title}</h1>
        {state.status === 'ready' && <p>{state.data}</p>}
      </>
    );
  }
  return { Component, release: (text: string) => act(async () => release(text)) };
}

async function openFromHome(route: { path: string; handle?: object; Component: () => ReactElement }) {
  const { router } = renderFrame({ pages: [...pageRoutes.filter((page) => page.index), route] });
  await screen.findByRole('heading', { level: 1, name: /better dates/i });
  await act(() => router.navigate(`/${route.path}`));
}

describe('the page loader', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows on a `loader: true` route while its first data loads, after a short delay, and goes when it is in', async () => {
    const slow = slowPage('Slow page');
    await openFromHome({ path: 'slow', handle: { loader: true }, Component: slow.Component });
    // A quick load goes straight to the page: nothing flashes before the delay.
    expect(loaderShown()).toBeNull();
    expect(screen.queryByRole('heading', { level: 1, name: 'Slow page' })).toBeNull();
    act(() => void jest.advanceTimersByTime(PAGE_LOADER_DELAY_MS));
    expect(loaderShown()).not.toBeNull();
    expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('heading', { level: 1, name: 'Slow page' })).toBeNull();
    await slow.release('The data');
    expect(loaderShown()).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Slow page' })).toBeTruthy();
    expect(screen.getByText('The data')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Slow page' }));
  });

  it('never shows on a route without the flag, however long its data takes', async () => {
    const slow = slowPage('Plain page');
    await openFromHome({ path: 'plain', Component: slow.Component });
    act(() => void jest.advanceTimersByTime(10 * PAGE_LOADER_DELAY_MS));
    expect(loaderShown()).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Plain page' })).toBeTruthy();
    await slow.release('The data');
    expect(loaderShown()).toBeNull();
  });

  it('is not shown when the data is in before the delay', async () => {
    const slow = slowPage('Quick page');
    await openFromHome({ path: 'quick', handle: { loader: true }, Component: slow.Component });
    act(() => void jest.advanceTimersByTime(PAGE_LOADER_DELAY_MS - 1));
    await slow.release('The data');
    act(() => void jest.advanceTimersByTime(10 * PAGE_LOADER_DELAY_MS));
    expect(loaderShown()).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Quick page' })).toBeTruthy();
  });
});

describe('the routes that load data first', () => {
  it.each([
    'account',
    'profile',
    'questionnaires/:id',
    'roasts',
    'bio',
    'bio/photos',
    'matches',
    'matches/:id',
  ])('flags /%s for the page loader', (path) => {
    const route = pageRoutes.find((page) => page.path === path);
    expect(route?.handle).toMatchObject({ loader: true });
  });

  it.each(['chat', 'pricing', 'signup', 'login', 'terms'])('leaves /%s without it', (path) => {
    const route = pageRoutes.find((page) => page.path === path);
    expect((route?.handle as { loader?: boolean } | undefined)?.loader).toBeFalsy();
  });

  it('keeps /bio behind the page loader until the bio arrives', async () => {
    let answer: ((reply: { status: number; data: unknown }) => void) | undefined;
    renderScreen('/bio', { [bioCall('getDatingBio')]: () => new Promise((resolve) => (answer = resolve)) });
    // The page is there (its call went out) but hidden, and the frame's loader stands in for it.
    await waitFor(() => expect(answer).toBeDefined(), { timeout: 15_000 });
    expect(await screen.findByRole('status', { name: PAGE_LOADER_NAME })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Your dating bio' })).toBeNull();
    act(() => answer?.({ status: 404, data: { detail: 'No dating bio yet.' } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your dating bio' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: PAGE_LOADER_NAME })).toBeNull();
  });
});
