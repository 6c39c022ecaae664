import { memoryStorage } from '../ports/storage';
import type { AuthUser } from '../session/session';
import { ACCESS_TOKEN_KEY } from '../session/tokens';
import { fakeClient, type FakeHandler } from '../testing/fake-api';

/** A member with a phone and a password, as `GET /auth/user/` answers; for the account stores' tests. */
export const member = {
  pk: 7,
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone_number: '+12015550123',
  email: 'ada@example.com',
  system_number: '+12135550100',
  has_password: true,
  terms_accepted_at: '2026-11-01T10:00:00.000Z',
  date_joined: '2026-11-01T10:00:00.000Z',
} as AuthUser;

/** A client on a fake API that holds an access token, as after a sign-in; for the account stores' tests. */
export function signedInFakeClient(handler: FakeHandler) {
  const storage = memoryStorage();
  storage.set(ACCESS_TOKEN_KEY, 'jwt');
  return fakeClient(handler, { storage });
}
