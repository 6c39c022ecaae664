import { routes } from '@wingmate/api-contract/routes';
import type { OperationId } from '../http/operation';
import { ACCESS_TOKEN_KEY } from '../session/tokens';
import { fakeClient, type FakeReply, type SeenRequest } from '../testing/fake-api';
import type { CardEntryPort } from './card-entry-port';

/** A reply (status 200 unless given), or a function of the request making one. */
export type FakeAnswer =
  Partial<FakeReply> | ((request: SeenRequest) => Partial<FakeReply> | Promise<Partial<FakeReply>>);

const routeOf = (id: OperationId) => `${routes[id].method} ${routes[id].path}`;

/**
 * For the payment stores' tests: a signed-in client on a fake API that answers each listed operation (the
 * API's 404 otherwise), with the requests each operation was sent and their idempotency keys.
 */
export function paymentApi(answers: Partial<Record<OperationId, FakeAnswer>>) {
  const byRoute = new Map(
    Object.entries(answers).map(([id, answer]) => [routeOf(id as OperationId), answer] as const),
  );
  const setup = fakeClient(async (request) => {
    const answer = byRoute.get(`${request.method} ${request.path}`);
    if (!answer) return { status: 404, data: { detail: 'Not found.' } };
    return { status: 200, ...(typeof answer === 'function' ? await answer(request) : answer) };
  });
  setup.storage.set(ACCESS_TOKEN_KEY, 'jwt');
  const sent = (id: OperationId) =>
    setup.requests.filter((request) => `${request.method} ${request.path}` === routeOf(id));
  const keysSent = (id: OperationId) =>
    sent(id).map((request) => request.config.headers.get('Idempotency-Key') as string);
  return { client: setup.client, requests: setup.requests, sent, keysSent };
}

/** A card form that reads `paymentMethodId` and completes every 3-D Secure step, as the mobile SDK or Stripe.js would. */
export function fakeCard(paymentMethodId: string | null = 'pm_card_visa') {
  return {
    collect: jest.fn(() => Promise.resolve(paymentMethodId)),
    handleNextAction: jest.fn((_clientSecret: string) => Promise.resolve(undefined)),
  } satisfies CardEntryPort;
}
