import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { memoryAbStorage, renderFrame, servicesFor } from '../../testing/render-frame';
import { pageRoutes } from '../../frame/routes';
import { fakeClient, type FakeRoutes } from '../../testing/fake-client';

/** Stands in for the chat screen: shows what the landing handed over in the route state. */
function ChatArrival() {
  const state = useLocation().state as { send?: string } | null;
  return <h1>Chat got: {state?.send ?? 'nothing'}</h1>;
}

const pages = [...pageRoutes.filter((route) => route.index), { path: 'chat', Component: ChatArrival }];

function renderLanding(stored: Record<string, string>, routes: FakeRoutes = {}) {
  const { client, requests } = fakeClient(routes);
  const services = servicesFor(client, { abStorage: memoryAbStorage(stored) });
  return { ...renderFrame({ pages, services }), services, requests };
}

describe('the landing (docs/web.md#routes, `abtest_homepage`)', () => {
  it('control: the hero with "Try it free"', async () => {
    renderLanding({ abtest_homepage: 'control' });
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
        'Better dates start with better words',
      ),
    );
    expect(screen.getByRole('link', { name: /Try it free/ }).getAttribute('href')).toBe('/chat');
  });

  it('chat_first: the composer on the landing; Send opens the chat with the text to send once', async () => {
    const { router } = renderLanding({ abtest_homepage: 'chat_first' });
    const message = await screen.findByRole('textbox', { name: 'Message' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(message, '  She said haha. Now what?  ');
    await userEvent.click(send);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Chat got: She said haha. Now what?' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chat');
  });

  it('chat_first: Enter sends, Shift+Enter starts a new line', async () => {
    renderLanding({ abtest_homepage: 'chat_first' });
    const message = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(message, 'Line one{Shift>}{Enter}{/Shift}line two{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Chat got: Line one\nline two' }),
    ).toBeTruthy();
  });

  it("follows the server's value over the stored one (server wins: docs/product.md#ab-test-assignments)", async () => {
    const { services } = renderLanding(
      { abtest_homepage: 'control' },
      { 'GET /api/v1/analytics/abtest/': { data: [{ name: 'abtest_homepage', value: 'chat_first' }] } },
    );
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(services.abEngine.variant('abtest_homepage')).toBe('chat_first');
  });

  it("a member gets the member group's variant too", async () => {
    const routes: FakeRoutes = {
      'GET /api/v1/user/info/': {
        data: { id: 1, remaining_messages: 3, has_subscription: false, is_member: true },
      },
      'GET /api/v1/analytics/abtest/': (request) => ({
        data:
          request.query.get('group') === 'member' ? [{ name: 'abtest_homepage', value: 'chat_first' }] : [],
      }),
    };
    const { client } = fakeClient(routes, { signedIn: true });
    const services = servicesFor(client, { abStorage: memoryAbStorage({}) });
    void services.userInfo.getState().refresh();
    renderFrame({ pages, services });
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(services.abEngine.store.getState().group).toBe('member');
  });
});
