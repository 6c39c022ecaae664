import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router-dom';
import { readWebConfig, type WebConfig } from '../config';
import { ConfigProvider } from '../frame/config-context';
import { ServicesProvider, type AppServices } from '../stores/services';
import { createUserInfoStore } from '../stores/user-info';
import { fakeClient, type FakeClient, type FakeRoutes } from './fake-client';
import { LogInPage } from '../routes/auth/LogInPage';
import { ResetPasswordPage } from '../routes/auth/ResetPasswordPage';
import { SignUpPage } from '../routes/auth/SignUpPage';
import { VerifyPage } from '../routes/auth/VerifyPage';

/** Where the screens sent the person, shown by the catch-all route: `Landed at /pricing?x=1`. */
function Landed() {
  const location = useLocation();
  return <h1>{`Landed at ${location.pathname}${location.search}`}</h1>;
}

export interface AuthScreenOptions {
  /** The API's answers (see `fakeClient`). */
  api?: FakeRoutes;
  signedIn?: boolean;
  config?: Partial<WebConfig>;
  /** A navigation state for the first entry (what `/verify` gets from the sign-up screen). */
  state?: unknown;
}

export interface RenderedAuthScreen extends FakeClient {
  router: ReturnType<typeof createMemoryRouter>;
  /** The bodies the screens sent to `METHOD /path/`. */
  bodiesOf(call: string): unknown[];
}

/**
 * The four auth screens in a memory router at `path`, with a real SDK client over a fake transport and the
 * services and configuration the frame would give them; any other path shows where the person landed.
 */
export function renderAuthScreen(path: string, options: AuthScreenOptions = {}): RenderedAuthScreen {
  const fake = fakeClient(options.api ?? {}, { signedIn: options.signedIn });
  // The screens use the client and the user info only; the A/B engine and tracking are the frame's business.
  const services = { client: fake.client, userInfo: createUserInfoStore(fake.client) } as AppServices;
  const config = { ...readWebConfig({}), ...options.config };
  const router = createMemoryRouter(
    [
      {
        element: (
          <ConfigProvider config={config}>
            <ServicesProvider services={services}>
              <Outlet />
            </ServicesProvider>
          </ConfigProvider>
        ),
        children: [
          { path: '/signup', Component: SignUpPage },
          { path: '/login', Component: LogInPage },
          { path: '/verify', Component: VerifyPage },
          { path: '/reset-password', Component: ResetPasswordPage },
          { path: '*', Component: Landed },
        ],
      },
    ],
    {
      initialEntries: [
        {
          pathname: path.split('?')[0],
          search: path.includes('?') ? `?${path.split('?')[1]}` : '',
          state: options.state,
        },
      ],
    },
  );
  render(<RouterProvider router={router} />);
  return {
    ...fake,
    router,
    bodiesOf: (call) =>
      fake.requests
        .filter((request) => `${request.method} ${request.path}` === call)
        .map((request) => request.body),
  };
}

/** Waits for the catch-all route: the screen sent the person to `path`. */
export async function expectLandedAt(path: string): Promise<void> {
  await screen.findByRole('heading', { level: 1, name: `Landed at ${path}` });
}

export const US_NUMBER = '+12015550123';
export const SIGN_IN_ANSWER = {
  access: 'access-token',
  refresh: 'refresh-token',
  user: {
    pk: 7,
    first_name: '',
    last_name: '',
    phone_number: US_NUMBER,
    email: null,
    system_number: '+15550100000',
    date_joined: '2026-11-23T12:00:00Z',
  },
  created: true,
};
