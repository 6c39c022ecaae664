import { settle, setupEngine, storedJson } from './engine.fixtures';
import { isAbTestError } from './errors';

const UID = 'visitor-42';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** An engine whose tests stay unassigned until set, with identity and account state known. */
async function loadedVisitor(options: Parameters<typeof setupEngine>[0] = {}) {
  const setup = setupEngine({ autoAssign: false, ...options });
  setup.engine.setIdentity(UID);
  setup.engine.setAccountState({ isMember: false });
  await settle();
  return setup;
}

describe('setting a test (docs/product.md#ab-test-assignments: not assigned -> assigned)', () => {
  it('assigns the value in the state and both storages, and creates it on the server', async () => {
    const { engine, api, session, cookie } = await loadedVisitor();
    await engine.set('abtest_homepage', 'chat_first');
    expect(engine.variant('abtest_homepage')).toBe('chat_first');
    expect(storedJson(session)).toEqual({ abtest_homepage: 'chat_first' });
    expect(storedJson(cookie)).toEqual({ abtest_homepage: 'chat_first' });
    expect(api.create).toHaveBeenCalledWith({
      name: 'abtest_homepage',
      value: 'chat_first',
      uid: UID,
      group: 'visitor',
    });
  });

  it('rejects a test that already has a value with EXISTED_ABTEST (docs/product.md#error-catalogue)', async () => {
    const { engine, api } = await loadedVisitor({ server: { abtest_homepage: 'control' } });
    const attempt = engine.set('abtest_homepage', 'chat_first');
    await expect(attempt).rejects.toMatchObject({ code: 'EXISTED_ABTEST' });
    expect(isAbTestError(await attempt.catch((error: unknown) => error), 'EXISTED_ABTEST')).toBe(true);
    expect(engine.variant('abtest_homepage')).toBe('control');
    expect(api.create).not.toHaveBeenCalled();
  });

  it('rejects the second of two sets of one test with EXISTED_ABTEST', async () => {
    const { engine } = await loadedVisitor();
    const first = engine.set('abtest_verification', 'after_free');
    const second = engine.set('abtest_verification', 'control');
    await expect(first).resolves.toBeUndefined();
    await expect(second).rejects.toMatchObject({ code: 'EXISTED_ABTEST' });
    expect(engine.variant('abtest_verification')).toBe('after_free');
  });

  it("maps the server's 409 EXISTED_ABTEST to the same error and keeps the server's value", async () => {
    const { engine, api, session } = await loadedVisitor();
    api.values.set('abtest_homepage', 'control');
    await expect(engine.set('abtest_homepage', 'chat_first')).rejects.toMatchObject({
      name: 'AbTestError',
      code: 'EXISTED_ABTEST',
    });
    expect(engine.variant('abtest_homepage')).toBe('control');
    expect(storedJson(session)).toEqual({ abtest_homepage: 'control' });
  });

  it('logs a failed server create, keeps the value and resolves (docs/product.md#error-catalogue)', async () => {
    const { engine, api, logger } = await loadedVisitor();
    api.create.mockRejectedValueOnce(Object.assign(new Error('Service Unavailable'), { status: 503 }));
    await expect(engine.set('abtest_homepage', 'chat_first')).resolves.toBeUndefined();
    expect(logger.error).toHaveBeenCalledWith(
      'ab-engine: could not create A/B test "abtest_homepage" on the server',
      expect.any(Error),
    );
    expect(engine.variant('abtest_homepage')).toBe('chat_first');
  });

  it('logs a failing cookie write as a warning, resolves, and still writes session storage (docs/product.md#error-catalogue)', async () => {
    const cookie = {
      get: () => null,
      set: () => {
        throw new Error('cookies blocked');
      },
      remove: () => undefined,
    };
    const { engine, logger, session } = await loadedVisitor({ cookie });
    await expect(engine.set('abtest_homepage', 'chat_first')).resolves.toBeUndefined();
    expect(logger.warn).toHaveBeenCalledWith(
      'ab-engine cookie: could not write "abtests"',
      expect.any(Error),
    );
    expect(storedJson(session)).toEqual({ abtest_homepage: 'chat_first' });
  });

  it('rejects a value that is no variant of the test with UNKNOWN_ABTEST, without waiting', async () => {
    const { engine, api } = setupEngine();
    await expect(engine.set('abtest_homepage', 'blue_button')).rejects.toMatchObject({
      code: 'UNKNOWN_ABTEST',
    });
    expect(api.create).not.toHaveBeenCalled();
  });

  it("rejects a test of the other group with UNKNOWN_ABTEST (docs/product.md#ab-test-assignments: each group's test set)", async () => {
    const { engine, api } = setupEngine({ autoAssign: false });
    engine.setIdentity(UID);
    engine.setAccountState({ isMember: true });
    await settle();
    await expect(engine.set('abtest_verification', 'after_free')).rejects.toMatchObject({
      code: 'UNKNOWN_ABTEST',
      message: 'A/B test "abtest_verification" is not a test of the member group',
    });
    expect(api.create).not.toHaveBeenCalled();
  });
});

describe('a set made before loading waits, retrying every 50 ms (docs/product.md#ab-test-assignments, docs/product.md#constants-and-limits)', () => {
  it('does nothing before 50 ms, and sets once identity, account state and assignments have arrived', async () => {
    const { engine, api } = setupEngine({ autoAssign: false });
    const done = jest.fn();
    void engine.set('abtest_homepage', 'chat_first').then(done);
    await jest.advanceTimersByTimeAsync(10);
    engine.setIdentity(UID);
    engine.setAccountState({ isMember: false });
    await jest.advanceTimersByTimeAsync(39);
    expect(engine.store.getState().status).toBe('ready');
    expect(api.create).not.toHaveBeenCalled();
    expect(done).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(api.create).toHaveBeenCalledTimes(1);
    expect(done).toHaveBeenCalled();
    expect(engine.variant('abtest_homepage')).toBe('chat_first');
  });

  it('keeps checking every 50 ms while the assignments are still loading', async () => {
    const { engine, api } = setupEngine({ autoAssign: false });
    let answerList: (list: { name: string; value: string }[]) => void = () => {};
    api.list.mockImplementationOnce(() => new Promise((resolve) => (answerList = resolve)));
    engine.setIdentity(UID);
    engine.setAccountState({ isMember: false });
    const attempt = engine.set('abtest_verification', 'after_free');
    await jest.advanceTimersByTimeAsync(120);
    answerList([]);
    await jest.advanceTimersByTimeAsync(29);
    expect(api.create).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    await expect(attempt).resolves.toBeUndefined();
    expect(api.create).toHaveBeenCalledWith(expect.objectContaining({ name: 'abtest_verification' }));
  });

  it('rejects with EXISTED_ABTEST after waiting when the loaded assignments hold the test', async () => {
    const { engine, api } = setupEngine({ server: { abtest_homepage: 'control' } });
    const attempt = engine.set('abtest_homepage', 'chat_first');
    engine.setIdentity(UID);
    engine.setAccountState({ isMember: false });
    const outcome = expect(attempt).rejects.toMatchObject({ code: 'EXISTED_ABTEST' });
    await jest.advanceTimersByTimeAsync(50);
    await outcome;
    expect(api.create).not.toHaveBeenCalledWith(expect.objectContaining({ name: 'abtest_homepage' }));
  });
});
