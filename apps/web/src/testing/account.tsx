import type { OperationId } from '@wingmate/api-contract';
import type { AuthUser, SmsStatus } from '@wingmate/core-sdk';
import { screen } from '@testing-library/react';
import { renderFrame, servicesFor, type RenderedFrame } from './render-frame';
import { operationKey } from './operation-key';
import { fakeClient, type FakeClient, type FakeRoutes } from './fake-client';
import type { WebConfig } from '../config';
import { toastStore } from '../ui/toast-store';

/** A member with a phone and a password, as `GET /auth/user/` answers. */
export const member: AuthUser = {
  pk: 7,
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone_number: '+12015550123',
  email: 'ada@example.com',
  system_number: '+12135550100',
  has_password: true,
  terms_accepted_at: '2026-11-01T10:00:00.000Z',
  date_joined: '2026-11-01T10:00:00.000Z',
};

export const emptyNotices = { count: 0, next: null, previous: null, results: [] };

/** `GET accounts/sms/` for a user whose phone, if any, is a verified US number that has not opted out. */
export function smsStatusOf(user: AuthUser): SmsStatus {
  return {
    system_number: user.system_number,
    phone_number: user.phone_number,
    can_text: user.phone_number !== null,
    opted_out: false,
  };
}

/** The fake-transport key of an operation (see operationKey). */
export const call = operationKey;

export interface RenderedAccount extends FakeClient {
  router: RenderedFrame['router'];
}

export interface AccountOptions {
  user?: AuthUser;
  config?: Partial<WebConfig>;
}

/**
 * `/account` in the whole frame for a signed-in member, over a fake transport: the user, the user info and an
 * empty notice list by default, and any route given on top. Returns at once: the page may still be loading.
 */
export function startAccount(
  routes: FakeRoutes = {},
  { user = member, config }: AccountOptions = {},
): RenderedAccount {
  const fake = fakeClient(
    {
      [call('getAuthUser')]: { data: user },
      [call('getUserInfo')]: {
        data: { ...user, remaining_messages: 42, has_subscription: false, is_member: true },
      },
      [call('listMessages')]: { data: emptyNotices },
      [call('getSmsStatus')]: { data: smsStatusOf(user) },
      ...routes,
    },
    { signedIn: true },
  );
  const frame = renderFrame({ path: '/account', services: servicesFor(fake.client), config });
  return { ...fake, router: frame.router };
}

/** `/account` as `startAccount` opens it, once the page shows the member. */
export async function renderAccount(
  routes: FakeRoutes = {},
  options: AccountOptions = {},
): Promise<RenderedAccount> {
  const rendered = startAccount(routes, options);
  await screen.findByRole('heading', { level: 1, name: 'Account' });
  await screen.findByRole('heading', { level: 2, name: 'Your name' });
  return rendered;
}

/** The page's section with this heading, to look inside it (`within(section('Notices'))`). */
export function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

/** The requests the page made to one operation. */
export function requestsTo(
  requests: FakeClient['requests'],
  id: OperationId,
  params: Record<string, string | number> = {},
) {
  return requests.filter((request) => `${request.method} ${request.path}` === call(id, params));
}

/** Toasts live in the app's one store; each test starts without the last one's. */
export function resetToasts(): void {
  toastStore.setState({ toasts: [] });
}
