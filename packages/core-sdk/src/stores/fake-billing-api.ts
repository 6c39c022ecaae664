import { fillPath, operations, type OperationId } from '@wingmate/api-contract';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../session/tokens';
import { fakeClient, type FakeReply, type SeenRequest } from '../testing/fake-api';

/** A reply, or a function of the request that makes one (to change what the server holds between calls). */
export type BillingRoute = FakeReply | ((request: SeenRequest) => FakeReply | Promise<FakeReply>);

/** The key of an operation on the fake API: `'POST /api/v1/memberships/user_plans/3/resume/'`. */
export function billingCall(id: OperationId, params: Record<string, string | number> = {}): string {
  const { method, path } = operations[id];
  return `${method} ${fillPath(path, params)}`;
}

/** A page of a list, as the server sends it: everything on one page. */
export const onePage = <T>(results: T[]) => ({
  status: 200,
  data: { count: results.length, next: null, previous: null, results },
});

/**
 * A signed-in client on a fake API that answers each operation from `routes`; an operation without a route
 * answers 404, so a test names every call it expects.
 */
export function billingApi(routes: Record<string, BillingRoute>) {
  const setup = fakeClient(async (request) => {
    const route = routes[`${request.method} ${request.path}`];
    if (!route) return { status: 404, data: { detail: 'Not found.' } };
    return typeof route === 'function' ? route(request) : route;
  });
  setup.storage.set(ACCESS_TOKEN_KEY, 'jwt');
  setup.storage.set(REFRESH_TOKEN_KEY, 'refresh');
  return setup;
}

/** The requests made to one operation. */
export const requestsTo = (requests: SeenRequest[], key: string) =>
  requests.filter((request) => `${request.method} ${request.path}` === key);

/** A reply that waits until the test lets it go, to see the state while a call is on its way. */
export function heldReply(reply: FakeReply) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    route: async () => {
      await released;
      return reply;
    },
    release: () => release(),
  };
}
