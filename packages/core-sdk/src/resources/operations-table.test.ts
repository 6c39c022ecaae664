import { fillPath, operations } from '@wingmate/api-contract';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../session/tokens';
import { fakeClient } from '../testing/fake-api';
import { operationCalls, replyFor, sampleParams, serverSideOperations } from './operation-calls.cases';

type Id = keyof typeof operationCalls;
const clientOperations = (Object.keys(operations) as (keyof typeof operations)[]).filter(
  (id): id is Id => !(serverSideOperations as readonly string[]).includes(id),
);

function signedInClient() {
  const setup = fakeClient((request) => replyFor(request.path));
  setup.storage.set(ACCESS_TOKEN_KEY, 'jwt-1');
  setup.storage.set(REFRESH_TOKEN_KEY, 'refresh-1');
  setup.storage.set('uid', sampleParams.uid);
  return setup;
}

describe('every call of the contract has an SDK method (docs/product.md#calls)', () => {
  it('covers every operation of the contract but the server-side ones', () => {
    expect(Object.keys(operationCalls).sort()).toEqual([...clientOperations].sort());
  });

  it.each(clientOperations)('%s is a method of the resource of its group', (id) => {
    const { client } = signedInClient();
    const resource = (client as unknown as Record<string, Record<string, unknown>>)[operations[id].group];
    expect(typeof resource?.[id]).toBe('function');
  });
});

// The SDK builds every call from the contract's route table (docs/decisions.md#the-sdk-surface-the-web-app-binds-to).
describe("each SDK method sends its operation's method and path (docs/product.md#calls)", () => {
  it.each(clientOperations)('%s', async (id) => {
    const { client, requests } = signedInClient();
    await operationCalls[id](client);
    const { method, path } = operations[id];
    expect(requests.map((r) => `${r.method} ${r.path}`)).toContain(
      `${method} ${fillPath(path, sampleParams)}`,
    );
  });
});

describe('each SDK method follows its auth mode (docs/product.md#roles-and-permissions)', () => {
  it.each(clientOperations)('%s, with a token held', async (id) => {
    const { client, requests } = signedInClient();
    await operationCalls[id](client);
    const sent = requests.find((r) => r.path === fillPath(operations[id].path, sampleParams));
    expect(sent?.authorization ?? null).toBe(operations[id].auth === 'public' ? null : 'Bearer jwt-1');
  });

  it.each(clientOperations)('%s, without a token', async (id) => {
    const { client, requests, storage } = signedInClient();
    storage.remove(ACCESS_TOKEN_KEY);
    const call = operationCalls[id](client);
    if (operations[id].auth === 'required') {
      await expect(call).rejects.toMatchObject({ status: 403 });
      expect(requests).toHaveLength(0);
    } else {
      await call;
      expect(requests.every((r) => r.authorization === null)).toBe(true);
    }
  });
});
