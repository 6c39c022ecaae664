import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notice } from '@wingmate/api-contract';
import { fakeClient } from '../testing/fake-client';
import { ServicesProvider } from '../stores/services';
import { NoticeBanner, newestUnreadBanner } from './NoticeBanner';
import { pageBannerNotice } from './page-notice';
import { renderFrame, servicesFor } from '../testing/render-frame';

const notice = (id: number, kind: string, read: boolean, createdAt: string): Notice => ({
  id,
  kind,
  title: `Title ${id}`,
  body: `Body ${id}`,
  created_at: createdAt,
  read,
});
const page = (results: Notice[]) => ({
  data: { count: results.length, previous: null, next: null, results },
});

afterEach(() => window.localStorage.clear());

describe('the rebrand banner from the notices (docs/product.md#every-page; docs/decisions.md#calls)', () => {
  it('takes the newest unread notice of kind banner', () => {
    expect(
      newestUnreadBanner([
        notice(1, 'banner', false, '2026-11-01T00:00:00Z'),
        notice(2, 'info', false, '2026-11-05T00:00:00Z'),
        notice(3, 'banner', true, '2026-11-04T00:00:00Z'),
        notice(4, 'banner', false, '2026-11-03T00:00:00Z'),
      ])?.id,
    ).toBe(4);
    expect(newestUnreadBanner([notice(2, 'info', false, '2026-11-05T00:00:00Z')])).toBeNull();
  });

  it("shows a visitor the global banner, and dismissing it stays on the device (no server call: there's no account)", async () => {
    const { client, requests } = fakeClient({
      'GET /api/v1/accounts/messages/': page([notice(9, 'banner', false, '2026-11-20T00:00:00Z')]),
    });
    renderFrame({ services: servicesFor(client) });
    const banner = await screen.findByRole('region', { name: 'Announcement' });
    expect(banner.textContent).toContain('Title 9');
    expect(banner.textContent).toContain('Body 9');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();
    expect(requests.some((request) => request.path.endsWith('/read/'))).toBe(false);
    expect(window.localStorage.getItem('wingmate.dismissed-banner')).toBe('9');
  });

  it("marks a member's banner read on the server when dismissed", async () => {
    const { client, requests } = fakeClient(
      {
        'GET /api/v1/accounts/messages/': page([notice(12, 'banner', false, '2026-11-20T00:00:00Z')]),
        'POST /api/v1/accounts/messages/12/read/': { data: {} },
      },
      { signedIn: true },
    );
    renderFrame({ services: servicesFor(client) });
    await screen.findByRole('region', { name: 'Announcement' });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    await waitFor(() =>
      expect(
        requests.some(
          (request) => request.method === 'POST' && request.path === '/api/v1/accounts/messages/12/read/',
        ),
      ).toBe(true),
    );
  });

  it('shows nothing when there is no unread banner, or the notices cannot be read', async () => {
    const { client, requests } = fakeClient({
      'GET /api/v1/accounts/messages/': { status: 500, data: { detail: 'Server error' } },
    });
    renderFrame({ services: servicesFor(client) });
    await waitFor(() =>
      expect(requests.some((request) => request.path === '/api/v1/accounts/messages/')).toBe(true),
    );
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();
  });

  describe('the banner the page came with (the production start writes it into the page)', () => {
    it('is read from the page only when it is a well-formed banner notice', () => {
      const banner = notice(5, 'banner', false, '2026-11-20T00:00:00Z');
      expect(pageBannerNotice({ __WINGMATE_NOTICE__: banner })).toEqual(banner);
      expect(pageBannerNotice({})).toBeNull();
      expect(
        pageBannerNotice({ __WINGMATE_NOTICE__: notice(6, 'info', false, '2026-11-20T00:00:00Z') }),
      ).toBeNull();
      expect(pageBannerNotice({ __WINGMATE_NOTICE__: { id: '5', kind: 'banner' } })).toBeNull();
    });

    it('is drawn before the services are in, and stays the same element when the notices call agrees', async () => {
      const banner = notice(9, 'banner', false, '2026-11-20T00:00:00Z');
      const { rerender } = render(
        <ServicesProvider services={null}>
          <NoticeBanner initial={banner} />
        </ServicesProvider>,
      );
      const drawn = screen.getByRole('region', { name: 'Announcement' });
      expect(drawn.textContent).toContain('Body 9');

      const { client, requests } = fakeClient({ 'GET /api/v1/accounts/messages/': page([banner]) });
      rerender(
        <ServicesProvider services={servicesFor(client)}>
          <NoticeBanner initial={banner} />
        </ServicesProvider>,
      );
      await waitFor(() =>
        expect(requests.some((request) => request.path === '/api/v1/accounts/messages/')).toBe(true),
      );
      await act(async () => undefined);
      expect(screen.getByRole('region', { name: 'Announcement' })).toBe(drawn);
    });

    it('goes when the notices call says this person has read it (a member, on another device)', async () => {
      const banner = notice(9, 'banner', false, '2026-11-20T00:00:00Z');
      const { client } = fakeClient(
        { 'GET /api/v1/accounts/messages/': page([{ ...banner, read: true }]) },
        { signedIn: true },
      );
      render(
        <ServicesProvider services={servicesFor(client)}>
          <NoticeBanner initial={banner} />
        </ServicesProvider>,
      );
      expect(screen.getByRole('region', { name: 'Announcement' })).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull());
    });
  });
});
