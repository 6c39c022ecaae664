import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderFrame } from '../testing/render-frame';
import { RouteError } from './RouteError';
import { pageRoutes } from './routes';

const heading = () => screen.findByRole('heading', { level: 1 });

describe('the frame around every route (docs/product.md#every-page)', () => {
  it('has a header with the logo, Chat, Pricing, Sign in and Sign up', async () => {
    renderFrame();
    await heading();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Wingmate home' }).getAttribute('href')).toBe('/');
    const main = within(header).getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Chat' }).getAttribute('href')).toBe('/chat');
    expect(within(main).getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(within(header).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(within(header).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
  });

  it('has a footer with the support e-mail, terms, privacy, cookie settings and the service status', async () => {
    renderFrame({ config: { supportEmail: 'help@wingmate.example' } });
    await heading();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'help@wingmate.example' }).getAttribute('href')).toBe(
      'mailto:help@wingmate.example',
    );
    expect(within(footer).getByRole('link', { name: 'Terms of service' }).getAttribute('href')).toBe(
      '/terms',
    );
    expect(within(footer).getByRole('link', { name: 'Privacy notice' }).getAttribute('href')).toBe(
      '/privacy',
    );
    expect(within(footer).getByRole('button', { name: 'Cookie settings' })).toBeTruthy();
    expect(within(footer).getByText('Service is up').getAttribute('data-health')).toBe('ok');
  });

  it('links the apps only when their addresses are configured', async () => {
    const { unmount } = renderFrame();
    await heading();
    expect(screen.queryByRole('navigation', { name: 'Apps' })).toBeNull();
    unmount();
    renderFrame({
      config: { iosAppUrl: 'https://apps.apple.com/app/id1', androidAppUrl: 'https://play.google.com/x' },
    });
    const apps = within(await screen.findByRole('navigation', { name: 'Apps' }));
    expect(apps.getByRole('link', { name: 'Wingmate for iPhone' }).getAttribute('href')).toBe(
      'https://apps.apple.com/app/id1',
    );
    expect(apps.getByRole('link', { name: 'Wingmate for Android' }).getAttribute('href')).toBe(
      'https://play.google.com/x',
    );
  });

  it('leaves focus alone on the first load, then moves it to the new page heading on each navigation', async () => {
    renderFrame();
    await heading();
    expect(document.activeElement).toBe(document.body);
    await userEvent.click(screen.getByRole('link', { name: 'Terms of service' }));
    const terms = await screen.findByRole('heading', { level: 1, name: 'Terms of service' });
    await waitFor(() => expect(document.activeElement).toBe(terms));
    await userEvent.click(screen.getByRole('link', { name: 'Wingmate home' }));
    const landing = await screen.findByRole('heading', { level: 1, name: /better dates/i });
    await waitFor(() => expect(document.activeElement).toBe(landing));
  });

  it('skips to the page heading from the skip link', async () => {
    renderFrame({ path: '/privacy' });
    const privacy = await heading();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Skip to content' }));
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(privacy);
  });

  it('shows the page loader while a `loader: true` route loads its data, then the page', async () => {
    let release!: () => void;
    const data = new Promise<void>((resolve) => (release = resolve));
    const pages = [
      ...pageRoutes.filter((route) => route.index),
      {
        path: 'slow',
        handle: { loader: true },
        loader: async () => {
          await data;
          return null;
        },
        Component: () => <h1>Slow page</h1>,
      },
    ];
    const { router } = renderFrame({ pages });
    await heading();
    act(() => void router.navigate('/slow'));
    expect(await screen.findByText('Loading the page')).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Slow page' })).toBeTruthy();
    expect(screen.queryByText('Loading the page')).toBeNull();
  });

  it('keeps the current page (no loader) while a route without `loader: true` loads', async () => {
    let release!: () => void;
    const data = new Promise<void>((resolve) => (release = resolve));
    const pages = [
      ...pageRoutes.filter((route) => route.index),
      { path: 'quick', loader: () => data.then(() => null), Component: () => <h1>Quick page</h1> },
    ];
    const { router } = renderFrame({ pages });
    await heading();
    act(() => void router.navigate('/quick'));
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    expect(screen.queryByText('Loading the page')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: /better dates/i })).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Quick page' })).toBeTruthy();
  });

  it('catches a failing page in its own error boundary, keeps the frame, and "Try again" renders it again', async () => {
    // The error boundary reports what it caught on the console, as in the app.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('boom');
      return <h1>Recovered</h1>;
    }
    const broken = pageRoutes.find((route) => route.path === '*')!;
    renderFrame({ path: '/flaky', pages: [{ ...broken, path: 'flaky', lazy: undefined, Component: Flaky }] });
    const error = await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(document.activeElement).toBe(error);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Recovered' })).toBeTruthy();
    expect(consoleError).toHaveBeenCalled();
  });

  it('reloads the page on "Try again" when the page code failed to download (a deploy replaced it)', async () => {
    // The error boundary reports what it caught on the console, as in the app.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = jest.fn();
    const pages = [
      {
        path: 'gone',
        errorElement: <RouteError reload={reload} />,
        loader: () => {
          throw new TypeError('Failed to fetch dynamically imported module: /assets/route-abc.js');
        },
        Component: () => <h1>Never shown</h1>,
      },
    ];
    renderFrame({ path: '/gone', pages });
    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalledWith(expect.any(TypeError));
  });

  it('does not move focus when only the query of the same page changes', async () => {
    const { router } = renderFrame({ path: '/terms' });
    await heading();
    await userEvent.click(screen.getByRole('link', { name: 'Privacy notice' }));
    const privacy = await screen.findByRole('heading', { level: 1, name: 'Privacy notice' });
    await waitFor(() => expect(document.activeElement).toBe(privacy));
    const settings = screen.getByRole('button', { name: 'Cookie settings' });
    settings.focus();
    await act(() => router.navigate('/privacy?section=rights'));
    expect(document.activeElement).toBe(settings);
  });

  it('says when the browser goes offline, and stops saying it when it is back', async () => {
    const onLine = jest.spyOn(navigator, 'onLine', 'get');
    renderFrame();
    await heading();
    expect(screen.queryByText(/you are offline/i)).toBeNull();
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText(/you are offline/i)).toBeTruthy();
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText(/you are offline/i)).toBeNull();
    onLine.mockRestore();
  });

  it('shows the not-found page for an unknown address, with a way home', async () => {
    renderFrame({ path: '/no/such/page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('/no/such/page')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(await screen.findByRole('heading', { level: 1, name: /better dates/i })).toBeTruthy();
  });
});
