import type * as Amplitude from '@amplitude/analytics-browser';
import { fakeLogger } from '../test-fakes';
import { loadAmplitudeAnalytics } from './amplitude-loader';

// Amplitude itself is replaced, and each evaluation of its module is counted: the tests check when it loads and
// what we ask of it, and nothing leaves the machine. Nothing here imports it, so only the code under test loads it.
const mockAmplitudeEvaluated = jest.fn();
jest.mock('@amplitude/analytics-browser', () => {
  mockAmplitudeEvaluated();
  return {
    ...jest.requireActual<typeof Amplitude>('@amplitude/analytics-browser'),
    createInstance: jest.fn(),
  };
});

function fakeAmplitude() {
  const { createInstance } = jest.requireMock<typeof Amplitude>('@amplitude/analytics-browser');
  const instance = {
    init: jest.fn((_apiKey: string, _options: Amplitude.Types.BrowserOptions) => ({
      promise: Promise.resolve(),
    })),
    track: jest.fn((_eventType: string, _properties?: object) => ({
      promise: Promise.resolve({ code: 200 }),
    })),
  };
  jest.mocked(createInstance).mockReturnValue(instance as unknown as ReturnType<typeof createInstance>);
  return instance;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe("Amplitude's code loads only when asked for (docs/architecture.md#the-web-app: `/`'s budget)", () => {
  it('is not loaded by importing the package', async () => {
    await jest.isolateModulesAsync(async () => {
      const tracking = await import('../index');
      expect(tracking.createTracking).toBeInstanceOf(Function);
    });
    expect(mockAmplitudeEvaluated).not.toHaveBeenCalled();
  });

  it('is loaded by the loader, which gives a client initialised with the key and the device id', async () => {
    const amplitude = fakeAmplitude();
    const analytics = await loadAmplitudeAnalytics({
      apiKey: 'amp-key',
      deviceId: 'hashed-uid',
      logger: fakeLogger(),
    });
    const view = analytics.pageView('/plans');
    await jest.advanceTimersByTimeAsync(100);
    await view;
    expect(amplitude.init).toHaveBeenCalledWith(
      'amp-key',
      expect.objectContaining({ deviceId: 'hashed-uid' }),
    );
    expect(amplitude.track).toHaveBeenCalledWith('page_view', { path: '/plans' });
  });
});
