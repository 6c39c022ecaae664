import { settle, setupEngine } from './engine.fixtures';

const UID = 'visitor-7';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

async function loadedVisitor(options: Parameters<typeof setupEngine>[0] = {}) {
  const setup = setupEngine(options);
  setup.engine.setIdentity(UID);
  setup.engine.setAccountState({ isMember: false });
  await settle();
  return setup;
}

describe('route hooks (docs/product.md#every-page: route-in-progress flag, re-sync on completion)', () => {
  it('starts with the route flag not complete', () => {
    const { engine } = setupEngine();
    expect(engine.store.getState().routeFlag).toBe('idle');
    expect(engine.isRouteFlagComplete()).toBe(false);
  });

  it('marks the route in progress at route start', async () => {
    const { engine } = await loadedVisitor();
    await engine.routeComplete();
    engine.routeStart();
    expect(engine.store.getState().routeFlag).toBe('in_progress');
    expect(engine.isRouteFlagComplete()).toBe(false);
  });

  it('marks the route flag complete on route completion and tells subscribers', async () => {
    const { engine } = await loadedVisitor();
    const flags: string[] = [];
    engine.store.subscribe((state, previous) => {
      if (state.routeFlag !== previous.routeFlag) flags.push(state.routeFlag);
    });
    engine.routeStart();
    await engine.routeComplete();
    expect(flags).toEqual(['in_progress', 'complete']);
    expect(engine.isRouteFlagComplete()).toBe(true);
  });

  it('resolves whenRouteFlagComplete once the route completes, so page_view can be released', async () => {
    const { engine } = await loadedVisitor();
    engine.routeStart();
    const released = jest.fn();
    void engine.whenRouteFlagComplete().then(released);
    await settle();
    expect(released).not.toHaveBeenCalled();
    void engine.routeComplete();
    await settle();
    expect(released).toHaveBeenCalled();
  });

  it('holds the flag until the assignments have loaded, so page_view carries them', async () => {
    const { engine } = setupEngine();
    engine.routeStart();
    void engine.routeComplete();
    await settle();
    expect(engine.isRouteFlagComplete()).toBe(false);
    engine.setIdentity(UID);
    engine.setAccountState({ isMember: false });
    await settle();
    expect(engine.isRouteFlagComplete()).toBe(true);
  });

  it('leaves the flag to a newer route when one started before the older one completed', async () => {
    const { engine } = setupEngine();
    engine.routeStart();
    const older = engine.routeComplete();
    engine.routeStart();
    engine.setIdentity(UID);
    engine.setAccountState({ isMember: false });
    await settle();
    expect(engine.store.getState().routeFlag).toBe('in_progress');
    await engine.routeComplete();
    await older;
    expect(engine.isRouteFlagComplete()).toBe(true);
  });

  it('re-syncs on completion a stored value the state lacks: taken into the state and created on the server', async () => {
    const { engine, api, session } = await loadedVisitor({ autoAssign: false });
    // Another tab of the same visitor assigned a test meanwhile.
    session.set('abtests', '{"abtest_verification":"after_free"}');
    engine.routeStart();
    await engine.routeComplete();
    expect(engine.variant('abtest_verification')).toBe('after_free');
    expect(api.create).toHaveBeenCalledWith({
      name: 'abtest_verification',
      value: 'after_free',
      uid: UID,
      group: 'visitor',
    });
  });

  it('leaves on completion the values the state already has, even when storage differs', async () => {
    const { engine, api, session } = await loadedVisitor({ server: { abtest_homepage: 'control' } });
    session.set('abtests', '{"abtest_homepage":"chat_first"}');
    api.create.mockClear();
    await engine.routeComplete();
    expect(engine.variant('abtest_homepage')).toBe('control');
    expect(api.create).not.toHaveBeenCalled();
  });
});
