import type { OperationId } from '@wingmate/api-contract';
import { screen, waitFor } from '@testing-library/react';
import { PAGE_LOADER_NAME } from '../frame/PageLoader';
import { renderFrame, servicesFor, type RenderedFrame } from './render-frame';
import { operationKey } from './operation-key';
import { fakeClient, type FakeClient, type FakeRoutes } from './fake-client';
import { member } from './account';

/** The visitor's uid in the screen tests (stored before the screen opens, as the frame does). */
export const TEST_UID = '6f1c2a9e-5b7d-4e1f-9a3c-2d8e7f6a5b4c';

/** The fake-transport key of an operation (`'POST /api/v1/accounts/roasts/3/'`, see operationKey). */
export const call = operationKey;

/** Each call's key with the test uid filled in, for the dating-bio calls. */
export function bioCall(id: OperationId, params: Record<string, string | number> = {}): string {
  return call(id, { uid: TEST_UID, ...params });
}

export const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

export interface RenderedScreen extends RenderedFrame, Pick<FakeClient, 'client' | 'requests'> {}

/**
 * A screen in the whole frame over a fake transport, for a visitor with a uid, or a member (whose user the
 * session loads).
 */
export function renderScreen(
  path: string,
  routes: FakeRoutes,
  { signedIn = false }: { signedIn?: boolean } = {},
): RenderedScreen {
  const fake = fakeClient(signedIn ? { [call('getAuthUser')]: { data: member }, ...routes } : routes, {
    signedIn,
  });
  fake.storage.set('uid', TEST_UID);
  const frame = renderFrame({ path, services: servicesFor(fake.client) });
  return { ...frame, client: fake.client, requests: fake.requests };
}

/**
 * The frame's page loader standing in for a screen whose first data is pending: found once the screen (mounted,
 * hidden) has asked for `key` (a `call(...)` key), so it is the data's loader, not the one of the page's code.
 */
export async function pageLoaderWhileLoading(
  requests: FakeClient['requests'],
  key: string,
): Promise<HTMLElement> {
  await waitFor(
    () => expect(requests.some((request) => `${request.method} ${request.path}` === key)).toBe(true),
    { timeout: 15_000 },
  );
  return screen.findByRole('status', { name: PAGE_LOADER_NAME });
}
