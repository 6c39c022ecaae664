import { ApiError } from '../errors/api-error';
import { inProcessLock, type LockPort } from '../ports/lock';
import { memoryStorage } from '../ports/storage';
import { createTokenStore } from '../session/tokens';
import { createTokenRefresher, REFRESH_LOCK, type RefreshAnswer } from './token-refresh';

function setup(
  requestRefresh: (refresh: string | undefined) => Promise<RefreshAnswer>,
  lock: LockPort = inProcessLock(),
) {
  const tokens = createTokenStore(memoryStorage());
  tokens.save({ access: 'old', refresh: 'old-refresh' });
  const sleep = jest.fn(async () => {});
  const refresher = createTokenRefresher({ tokens, lock, sleep, requestRefresh: jest.fn(requestRefresh) });
  return { tokens, sleep, refresher, lock };
}

describe('single-flight refresh (docs/product.md#sessions-and-tokens)', () => {
  it('shares one refresh among concurrent callers', async () => {
    const requestRefresh = jest.fn(() => Promise.resolve({ access: 'new', refresh: 'new-refresh' }));
    const { refresher, sleep } = setup(requestRefresh);
    const tokens = await Promise.all([
      refresher.refresh('old'),
      refresher.refresh('old'),
      refresher.refresh('old'),
    ]);
    expect(tokens).toEqual(['new', 'new', 'new']);
    expect(requestRefresh).toHaveBeenCalledTimes(1);
    expect(sleep.mock.calls).toEqual([[100], [100], [100]]);
  });

  it('does not spend the refresh token again for a request refused with a token already replaced', async () => {
    const requestRefresh = jest.fn(() => Promise.resolve({ access: 'new', refresh: 'new-refresh' }));
    const { refresher } = setup(requestRefresh);
    await refresher.refresh('old');
    await expect(refresher.refresh('old')).resolves.toBe('new');
    expect(requestRefresh).toHaveBeenCalledTimes(1);
  });
});

// The refresh runs under a lock; a tab that waited re-reads the tokens (docs/product.md#the-clients-rules-core-sdk).
describe('sessions across tabs', () => {
  it('runs the refresh under the refresh lock', async () => {
    const run = jest.fn((_name: string, task: () => Promise<unknown>) => task());
    const lock = { run } as unknown as LockPort;
    const { refresher } = setup(() => Promise.resolve({ access: 'new' }), lock);
    await refresher.refresh('old');
    expect(run).toHaveBeenCalledWith(REFRESH_LOCK, expect.any(Function));
  });

  it('skips refreshing when another tab replaced the tokens while this one waited for the lock', async () => {
    const requestRefresh = jest.fn(() => Promise.resolve({ access: 'mine' }));
    let otherTab!: () => void;
    const otherTabDone = new Promise<void>((resolve) => (otherTab = resolve));
    const lock: LockPort = {
      run: async (_name, task) => {
        await otherTabDone;
        return task();
      },
    };
    const { refresher, tokens } = setup(requestRefresh, lock);
    const fresh = refresher.refresh('old');
    tokens.save({ access: 'from-other-tab', refresh: 'other-refresh' });
    otherTab();
    await expect(fresh).resolves.toBe('from-other-tab');
    expect(requestRefresh).not.toHaveBeenCalled();
  });
});

describe('failed refresh (docs/product.md#error-catalogue)', () => {
  it('clears the tokens and rejects with "JSON token parse is wrong." without the 100 ms wait', async () => {
    const { refresher, tokens, sleep } = setup(() =>
      Promise.reject(new ApiError({ status: 401, message: 'Token is blacklisted', code: 'token_not_valid' })),
    );
    await expect(refresher.refresh('old')).rejects.toMatchObject({
      message: 'JSON token parse is wrong.',
      status: 401,
    });
    expect(tokens.read()).toEqual({ access: null, refresh: null });
    expect(sleep).not.toHaveBeenCalled();
  });

  it('keeps a session that replaced the tokens while the refusal was on its way, and answers its token', async () => {
    const { refresher, tokens } = setup(() => {
      // A login link's session is taken here while the server refuses the old refresh token.
      tokens.save({ access: 'Token link', refresh: null });
      return Promise.reject(
        new ApiError({ status: 401, message: 'Token is blacklisted', code: 'token_not_valid' }),
      );
    });
    await expect(refresher.refresh('old')).resolves.toBe('Token link');
    expect(tokens.read()).toEqual({ access: 'Token link', refresh: null });
  });

  it('treats an answer without access or access_token as failed', async () => {
    const { refresher, tokens } = setup(() => Promise.resolve({ refresh: 'only' }));
    await expect(refresher.refresh('old')).rejects.toMatchObject({ message: 'JSON token parse is wrong.' });
    expect(tokens.access()).toBeNull();
  });
});

describe('settled (docs/product.md#sessions-and-tokens: requests made while a refresh runs wait for it)', () => {
  it('resolves at once when no refresh runs', async () => {
    const { refresher, sleep } = setup(() => Promise.resolve({ access: 'new' }));
    await refresher.settled();
    expect(sleep).not.toHaveBeenCalled();
  });

  it('waits for a running refresh, then 100 ms, even when it fails', async () => {
    let fail!: (error: Error) => void;
    const { refresher, sleep } = setup(() => new Promise((_resolve, reject) => (fail = reject)));
    const refreshing = refresher.refresh('old').catch(() => undefined);
    let waited = false;
    const waiting = refresher.settled().then(() => (waited = true));
    await Promise.resolve();
    expect(waited).toBe(false);
    fail(new Error('offline'));
    await Promise.all([refreshing, waiting]);
    expect(waited).toBe(true);
    expect(sleep).toHaveBeenCalledWith(100);
  });
});
