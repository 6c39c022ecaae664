import { abTestDefinitions } from '@wingmate/api-contract';
import { memoryStorage } from '@wingmate/core-sdk';
import { settle, setupEngine, storedJson } from './engine.fixtures';
import { pickVariant } from './pick-variant';

const UID = 'b7e2c1d0-4f3a-4c8e-9a1b-2d3e4f5a6b7c';
const hashed = (name: keyof typeof abTestDefinitions) => pickVariant(UID, abTestDefinitions[name]);
const other = (name: keyof typeof abTestDefinitions) =>
  abTestDefinitions[name].variants
    .map((variant) => variant.value)
    .find((value) => value !== hashed(name)) as string;

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('loading assignments (docs/product.md#ab-test-assignments)', () => {
  it('does not load before the account state is known', async () => {
    const { engine, api } = setupEngine();
    engine.setIdentity(UID);
    await settle();
    expect(api.list).not.toHaveBeenCalled();
    expect(engine.store.getState().status).toBe('waiting');
  });

  it('does not load before the session identity is known', async () => {
    const { engine, api } = setupEngine();
    engine.setAccountState({ isMember: false });
    await settle();
    expect(api.list).not.toHaveBeenCalled();
  });

  it('loads once, however often identity and account state are confirmed', async () => {
    const { engine, api } = setupEngine();
    engine.setIdentity(UID);
    engine.setAccountState({ isMember: false });
    await settle();
    engine.setIdentity(UID);
    engine.setAccountState({ isMember: false });
    engine.setAccountState(null);
    engine.setAccountState({ isMember: false });
    engine.routeStart();
    await engine.routeComplete();
    expect(api.list).toHaveBeenCalledTimes(1);
    expect(engine.store.getState().status).toBe('ready');
  });

  it('asks for the visitor group with the uid when is_member is false (docs/decisions.md#ab-engine-packagesab-engine)', async () => {
    const { engine, api } = setupEngine();
    engine.setIdentity(UID);
    engine.setAccountState({ isMember: false });
    await engine.whenLoaded();
    expect(api.list).toHaveBeenCalledWith({ uid: UID, group: 'visitor' });
    expect(Object.keys(engine.store.getState().assignments).sort()).toEqual([
      'abtest_homepage',
      'abtest_verification',
    ]);
  });

  it('asks for the member group when is_member is true, and assigns its three tests (docs/product.md#ab-test-assignments)', async () => {
    const { engine, api } = setupEngine();
    engine.setIdentity(UID);
    engine.setAccountState({ isMember: true });
    await engine.whenLoaded();
    expect(api.list).toHaveBeenCalledWith({ group: 'member' });
    expect(engine.store.getState().group).toBe('member');
    expect(Object.keys(engine.store.getState().assignments).sort()).toEqual([
      'abtest_homepage',
      'abtest_offer',
      'abtest_redirect',
    ]);
  });

  it('creates on the server a stored value the server lacks', async () => {
    const session = memoryStorage({ abtests: JSON.stringify({ abtest_homepage: other('abtest_homepage') }) });
    const { engine, api } = setupEngine({ session, server: { abtest_verification: 'control' } });
    engine.setIdentity(UID);
    engine.setAccountState({ isMember: false });
    await settle();
    expect(api.create).toHaveBeenCalledTimes(1);
    expect(api.create).toHaveBeenCalledWith({
      name: 'abtest_homepage',
      value: other('abtest_homepage'),
      uid: UID,
      group: 'visitor',
    });
    expect(engine.variant('abtest_homepage')).toBe(other('abtest_homepage'));
  });

  it('overwrites a stored value with a different server value, in the state and in both storages', async () => {
    const cookie = memoryStorage({ abtests: '{"abtest_homepage":"chat_first"}' });
    const { engine, api, session } = setupEngine({
      cookie,
      server: { abtest_homepage: 'control', abtest_verification: 'after_free' },
    });
    engine.setIdentity(UID);
    engine.setAccountState({ isMember: false });
    await settle();
    expect(engine.store.getState().assignments).toEqual({
      abtest_homepage: 'control',
      abtest_verification: 'after_free',
    });
    expect(storedJson(session)).toEqual({ abtest_homepage: 'control', abtest_verification: 'after_free' });
    expect(storedJson(cookie)).toEqual({ abtest_homepage: 'control', abtest_verification: 'after_free' });
    expect(api.create).not.toHaveBeenCalled();
  });

  it('assigns by hash a test with no stored and no server value, stores it and creates it on the server', async () => {
    const { engine, api, session, cookie } = setupEngine({ server: { abtest_homepage: 'control' } });
    engine.setIdentity(UID);
    engine.setAccountState({ isMember: false });
    await settle();
    const expected = hashed('abtest_verification');
    expect(engine.variant('abtest_verification')).toBe(expected);
    expect(storedJson(session)).toEqual({ abtest_homepage: 'control', abtest_verification: expected });
    expect(storedJson(cookie)).toEqual({ abtest_homepage: 'control', abtest_verification: expected });
    expect(api.create.mock.calls).toEqual([
      [{ name: 'abtest_verification', value: expected, uid: UID, group: 'visitor' }],
    ]);
  });

  it('leaves tests unassigned when auto-assignment is off', async () => {
    const { engine, api } = setupEngine({ autoAssign: false, server: { abtest_homepage: 'control' } });
    engine.setIdentity(UID);
    engine.setAccountState({ isMember: false });
    await settle();
    expect(engine.store.getState().assignments).toEqual({ abtest_homepage: 'control' });
    expect(engine.variant('abtest_verification')).toBeUndefined();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('logs a failed server list, keeps the stored values, and creates nothing (docs/product.md#error-catalogue)', async () => {
    const session = memoryStorage({ abtests: '{"abtest_homepage":"chat_first"}' });
    const { engine, api, logger } = setupEngine({ session });
    api.list.mockRejectedValueOnce(new Error('Network Error'));
    engine.setIdentity(UID);
    engine.setAccountState({ isMember: false });
    await settle();
    expect(logger.error).toHaveBeenCalledWith(
      'ab-engine: could not load A/B tests from the server',
      expect.any(Error),
    );
    expect(engine.store.getState()).toMatchObject({
      status: 'ready',
      assignments: { abtest_homepage: 'chat_first', abtest_verification: hashed('abtest_verification') },
    });
    expect(api.create).not.toHaveBeenCalled();
  });

  it('logs a failed server create and keeps the assignment (docs/product.md#error-catalogue)', async () => {
    const { engine, api, logger, session } = setupEngine();
    api.create.mockRejectedValue(new Error('Network Error'));
    engine.setIdentity(UID);
    engine.setAccountState({ isMember: false });
    await settle();
    expect(logger.error).toHaveBeenCalledWith(
      'ab-engine: could not create A/B test "abtest_homepage" on the server',
      expect.any(Error),
    );
    expect(engine.variant('abtest_homepage')).toBe(hashed('abtest_homepage'));
    expect(storedJson(session)).toEqual({
      abtest_homepage: hashed('abtest_homepage'),
      abtest_verification: hashed('abtest_verification'),
    });
  });

  it('loads with a failing cookie write: a warning is logged and session storage is still written (docs/product.md#error-catalogue)', async () => {
    const cookie = {
      get: () => null,
      set: () => {
        throw new Error('cookies blocked');
      },
      remove: () => undefined,
    };
    const { engine, logger, session } = setupEngine({ cookie });
    engine.setIdentity(UID);
    engine.setAccountState({ isMember: false });
    await settle();
    expect(logger.warn).toHaveBeenCalledWith(
      'ab-engine cookie: could not write "abtests"',
      expect.any(Error),
    );
    expect(storedJson(session)).toEqual(engine.store.getState().assignments);
    expect(engine.store.getState().status).toBe('ready');
  });

  it('replaces a stored value that is no variant of its test instead of sending it to the server', async () => {
    const session = memoryStorage({ abtests: '{"abtest_homepage":"retired_variant"}' });
    const { engine, api } = setupEngine({ session });
    engine.setIdentity(UID);
    engine.setAccountState({ isMember: false });
    await settle();
    expect(engine.variant('abtest_homepage')).toBe(hashed('abtest_homepage'));
    expect(api.create).not.toHaveBeenCalledWith(expect.objectContaining({ value: 'retired_variant' }));
  });

  it('loads the member tests when the visitor becomes a member, keeping the stored visitor-only value', async () => {
    const { engine, api, session } = setupEngine();
    engine.setIdentity(UID);
    engine.setAccountState({ isMember: false });
    await settle();
    engine.setAccountState({ isMember: true });
    await settle();
    expect(api.list.mock.calls).toEqual([[{ uid: UID, group: 'visitor' }], [{ group: 'member' }]]);
    expect(Object.keys(engine.store.getState().assignments).sort()).toEqual([
      'abtest_homepage',
      'abtest_offer',
      'abtest_redirect',
    ]);
    expect(storedJson(session)).toMatchObject({ abtest_verification: hashed('abtest_verification') });
    expect(api.create).not.toHaveBeenCalledWith(
      expect.objectContaining({ name: 'abtest_verification', group: 'member' }),
    );
  });

  it('drops a load whose group changed while the server was answering', async () => {
    const { engine, api } = setupEngine({ server: { abtest_homepage: 'control' } });
    let answerVisitorList: (list: { name: string; value: string }[]) => void = () => {};
    api.list.mockImplementationOnce(() => new Promise((resolve) => (answerVisitorList = resolve)));
    engine.setIdentity(UID);
    engine.setAccountState({ isMember: false });
    engine.setAccountState({ isMember: true });
    await settle();
    answerVisitorList([{ name: 'abtest_verification', value: 'after_free' }]);
    await settle();
    expect(engine.store.getState().group).toBe('member');
    expect(engine.variant('abtest_verification')).toBeUndefined();
    expect(engine.variant('abtest_homepage')).toBe('control');
  });

  it('picks the same variants for the same uid on another device (docs/product.md#ab-test-assignments: sticky by hash)', async () => {
    const first = setupEngine();
    const second = setupEngine();
    for (const { engine } of [first, second]) {
      engine.setIdentity(UID);
      engine.setAccountState({ isMember: true });
    }
    await settle();
    expect(second.engine.store.getState().assignments).toEqual(first.engine.store.getState().assignments);
  });
});

describe('starting over at sign-out (docs/decisions.md#signing-out)', () => {
  const NEW_UID = '0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a';
  const forNewUid = (name: keyof typeof abTestDefinitions) => pickVariant(NEW_UID, abTestDefinitions[name]);
  const notForNewUid = (name: keyof typeof abTestDefinitions) =>
    abTestDefinitions[name].variants
      .map((variant) => variant.value)
      .find((value) => value !== forNewUid(name));

  it("forgets the person's stored and held values and assigns the new uid afresh", async () => {
    const stale = JSON.stringify({ abtest_homepage: notForNewUid('abtest_homepage'), abtest_offer: 'trial' });
    const { engine, api, session, cookie } = setupEngine({
      session: memoryStorage({ abtests: stale }),
      cookie: memoryStorage({ abtests: stale }),
    });
    engine.setIdentity(UID);
    engine.setAccountState({ isMember: true });
    await engine.whenLoaded();
    expect(engine.variant('abtest_offer')).toBe('trial');

    api.values.clear(); // The fake server is one owner's; the new uid has nothing there yet.
    engine.setAccountState({ isMember: false });
    engine.startOver(NEW_UID);
    await engine.whenLoaded();

    expect(api.list).toHaveBeenLastCalledWith({ uid: NEW_UID, group: 'visitor' });
    expect(engine.store.getState()).toMatchObject({
      uid: NEW_UID,
      group: 'visitor',
      assignments: {
        abtest_homepage: forNewUid('abtest_homepage'),
        abtest_verification: forNewUid('abtest_verification'),
      },
    });
    expect(engine.variant('abtest_offer')).toBeUndefined();
    for (const place of [session, cookie]) {
      expect(storedJson(place)).toEqual({
        abtest_homepage: forNewUid('abtest_homepage'),
        abtest_verification: forNewUid('abtest_verification'),
      });
    }
  });

  it('drops the answer of a load still under way for the old uid', async () => {
    const { engine, api } = setupEngine();
    let answerOld: (value: Array<{ name: string; value: string }>) => void = () => undefined;
    api.list.mockImplementationOnce(() => new Promise((resolve) => (answerOld = resolve)));
    engine.setIdentity(UID);
    engine.setAccountState({ isMember: false });
    await settle();
    engine.startOver(NEW_UID);
    await engine.whenLoaded();
    answerOld([{ name: 'abtest_homepage', value: notForNewUid('abtest_homepage') as string }]);
    await settle();
    expect(engine.variant('abtest_homepage')).toBe(forNewUid('abtest_homepage'));
  });
});
