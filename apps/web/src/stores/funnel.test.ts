import { waitFor } from '@testing-library/react';
import type { AnalyticsClient, Properties } from '@wingmate/tracking';
import { fakeClient } from '../testing/fake-client';
import { memoryAbStorage, servicesFor } from '../testing/render-frame';
import { USER_INFO, visitorInfo } from '../testing/chat';
import { startServices } from './app-services';

function fakeAnalytics(): { [K in keyof AnalyticsClient]: jest.Mock } {
  return {
    setUserId: jest.fn(async () => {}),
    setUserProperties: jest.fn(async () => {}),
    logEvent: jest.fn(async () => {}),
    pageView: jest.fn(async () => {}),
  };
}

/** Every user property sent so far, merged as Amplitude's `$set` keeps them. */
const userProperties = (analytics: ReturnType<typeof fakeAnalytics>): Properties =>
  Object.assign(
    {},
    ...(analytics.setUserProperties.mock.calls as Parameters<AnalyticsClient['setUserProperties']>[]).map(
      ([properties]) => properties,
    ),
  ) as Properties;

describe('the user properties of the page (docs/product.md#attribution-ab-tests-and-analytics)', () => {
  it("tells a visitor's status, plan and A/B variants", async () => {
    const { client } = fakeClient({ 'GET /api/v1/analytics/abtest/': { data: [] } });
    const analytics = fakeAnalytics();
    servicesFor(client, {
      analytics,
      abStorage: memoryAbStorage({ abtest_homepage: 'chat_first', abtest_verification: 'control' }),
    });
    await waitFor(() =>
      expect(userProperties(analytics)).toEqual({
        member_status: 'visitor',
        plan: 'none',
        abtest_homepage: 'chat_first',
        abtest_verification: 'control',
      }),
    );
  });

  it("tells a signed-in person's member status once their info is in, and sends nothing twice", async () => {
    const subscriber = { ...visitorInfo(0), pk: 7, is_member: true, has_subscription: true };
    const { client } = fakeClient(
      {
        [USER_INFO]: { data: subscriber },
        'GET /auth/user/': { data: { pk: 7, first_name: 'Ada' } },
        'GET /api/v1/analytics/abtest/': { data: [] },
      },
      { signedIn: true },
    );
    const analytics = fakeAnalytics();
    const services = servicesFor(client, { analytics, abStorage: memoryAbStorage({}) });
    startServices(services);
    await waitFor(() => expect(userProperties(analytics).member_status).toBe('subscriber'));
    await services.userInfo.getState().refresh();
    const statuses = analytics.setUserProperties.mock.calls.filter(
      ([properties]) => 'member_status' in properties,
    );
    expect(statuses).toEqual([[{ member_status: 'subscriber' }]]);
  });
});
