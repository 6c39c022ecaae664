import { operations, type OperationId } from '@wingmate/api-contract';
import { ACCESS_TOKEN_KEY } from '../session/tokens';
import { fakeClient } from '../testing/fake-api';

type Client = ReturnType<typeof fakeClient>['client'];

const EMPTY_PAGE = { count: 0, previous: null, next: null, results: [] };

/**
 * Every paged list call of the SDK, by the operation it calls (docs/product.md#lists-page-by-page: a 404 is an
 * empty page). A list added to the contract without a row here fails the completeness test below.
 */
const listCalls: readonly [OperationId, (client: Client) => Promise<unknown>][] = [
  ['listPlans', (client) => client.memberships.listPlans()],
  ['listFreeTrialPlans', (client) => client.memberships.listFreeTrialPlans()],
  ['listUserPlans', (client) => client.memberships.listUserPlans()],
  ['listPayments', (client) => client.memberships.listPayments()],
  ['listQuestions', (client) => client.account.listQuestions()],
  ['listAnswers', (client) => client.account.listAnswers()],
  ['listRoasts', (client) => client.account.listRoasts()],
  ['listOffers', (client) => client.account.listOffers()],
  ['listQuestionnaires', (client) => client.account.listQuestionnaires()],
  ['listMessages', (client) => client.account.listMessages()],
  ['listUserUtmParams', (client) => client.analytics.listUserUtmParams()],
  ['listDatingBioImages', (client) => client.datingBio.listDatingBioImages()],
  ['listImageReviews', (client) => client.datingBio.listImageReviews()],
  ['getChatHistory', (client) => client.chat.getChatHistory()],
  ['listMatches', (client) => client.matches.listMatches()],
  ['getMatchChat', (client) => client.matches.getMatchChat(7)],
];

describe('the generic list fetch (docs/product.md#lists-page-by-page): a 404 is an empty page', () => {
  it.each(listCalls)('%s reads a 404 as an empty page', async (id, list) => {
    const { client, requests, storage } = fakeClient(() => ({ status: 404, data: { detail: 'Not found.' } }));
    // Signed in, so calls that need an account reach the server.
    storage.set(ACCESS_TOKEN_KEY, 'jwt');
    storage.set('uid', 'visitor-1');
    await expect(list(client)).resolves.toEqual(EMPTY_PAGE);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe(operations[id].method);
  });

  it('covers every paged GET of the contract', () => {
    const paged = Object.values(operations)
      .filter((operation) => operation.method === 'GET' && 'count' in pageProperties(operation.responses))
      .map((operation) => operation.id)
      .sort();
    expect(listCalls.map(([id]) => id).sort()).toEqual(paged);
  });
});

/** The properties of an operation's 200 answer (a DRF page has `count`, `next`, `previous`, `results`). */
function pageProperties(responses: Readonly<Record<number, unknown>>): Record<string, unknown> {
  const ok = responses[200] as { properties?: Record<string, unknown> } | undefined;
  return ok?.properties ?? {};
}
