import { act, screen } from '@testing-library/react';
import { renderFrame, servicesFor } from '../testing/render-frame';
import { fakeClient } from '../testing/fake-client';
import { visitorRoutes } from '../testing/chat';
import { pendingServices } from '../stores/services-loader';
import type { AppServices } from '../stores/services';

/** Services whose chunk never arrives, as on a slow network before the first paint. */
const neverLoading = () => pendingServices(() => new Promise<AppServices>(() => undefined));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // Shown, as index.html's fonts step leaves the page (so the first paint is not waited for a second).
  document.documentElement.classList.add('fonts-ready');
});
afterEach(() => document.documentElement.classList.remove('fonts-ready'));

describe('the first page paints its shell before its code and the services (handle.shell)', () => {
  it('/pricing shows its heading, introduction and the plans loading, with the frame around them', async () => {
    renderFrame({ path: '/pricing', firstPath: '/pricing', pendingServices: neverLoading() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing' })).toBeTruthy();
    expect(screen.getByText(/Pay for messages as you go/)).toBeTruthy();
    expect(screen.getByText('Loading the plans')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('/chat shows its heading and the chat loading', async () => {
    renderFrame({ path: '/chat', firstPath: '/chat', pendingServices: neverLoading() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat' })).toBeTruthy();
    expect(screen.getByText('Loading your chat')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });

  it('replaces the shell with the page once the services and its code are in', async () => {
    const services = servicesFor(fakeClient(visitorRoutes({})).client);
    renderFrame({ path: '/chat', firstPath: '/chat', services });
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1, name: 'Chat' })).toHaveLength(1);
  });

  it('a route that was not the first page waits for its code and the services, as every route does', async () => {
    let arrive!: (services: AppServices) => void;
    const arriving = new Promise<AppServices>((resolve) => (arrive = resolve));
    renderFrame({ path: '/pricing', firstPath: '/chat', pendingServices: pendingServices(() => arriving) });
    // Everything the page could do before its services is done: its code is in, the router has had its turn.
    await act(async () => {
      await import('../routes/pricing/pricing-route');
    });
    expect(screen.queryByRole('heading', { level: 1, name: 'Pricing' })).toBeNull();

    await act(async () => arrive(servicesFor(fakeClient({}).client)));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing' })).toBeTruthy();
  });
});
