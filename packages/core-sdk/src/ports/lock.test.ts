import { defaultLock, inProcessLock, webLocks, type WebLockManager } from './lock';

describe('inProcessLock (docs/product.md#the-clients-rules-core-sdk: the refresh runs under a lock)', () => {
  it('runs tasks of one name one after another', async () => {
    const lock = inProcessLock();
    const order: string[] = [];
    let releaseFirst!: () => void;
    const first = lock.run('refresh', async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => (releaseFirst = resolve));
      order.push('first ends');
    });
    const second = lock.run('refresh', () => {
      order.push('second runs');
      return Promise.resolve();
    });
    await Promise.resolve();
    expect(order).toEqual(['first starts']);
    releaseFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['first starts', 'first ends', 'second runs']);
  });

  it('goes on with the next task after one fails', async () => {
    const lock = inProcessLock();
    await expect(lock.run('refresh', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(lock.run('refresh', () => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('does not make tasks of other names wait', async () => {
    const lock = inProcessLock();
    void lock.run('a', () => new Promise(() => {}));
    await expect(lock.run('b', () => Promise.resolve('b ran'))).resolves.toBe('b ran');
  });
});

describe('webLocks (docs/product.md#the-clients-rules-core-sdk: Web Locks in the browser)', () => {
  it('asks navigator.locks for the named lock', async () => {
    const request = jest.fn((_name: string, callback: () => Promise<unknown>) => callback());
    const lock = webLocks({ request } as unknown as WebLockManager);
    await expect(lock.run('wingmate-token-refresh', () => Promise.resolve(42))).resolves.toBe(42);
    expect(request).toHaveBeenCalledWith('wingmate-token-refresh', expect.any(Function));
  });

  it('is the default where navigator.locks exists', async () => {
    const request = jest.fn((_name: string, callback: () => Promise<unknown>) => callback());
    const navigator = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    Object.defineProperty(globalThis, 'navigator', { value: { locks: { request } }, configurable: true });
    try {
      await defaultLock().run('x', () => Promise.resolve(undefined));
      expect(request).toHaveBeenCalled();
    } finally {
      if (navigator) Object.defineProperty(globalThis, 'navigator', navigator);
      else delete (globalThis as { navigator?: unknown }).navigator;
    }
  });
});
