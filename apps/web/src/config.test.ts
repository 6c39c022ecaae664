import { readWebConfig } from './config';

describe('readWebConfig (docs/product.md#runtime-configuration)', () => {
  it('has working local defaults', () => {
    const config = readWebConfig({});
    expect(config.apiServer).toBe('http://localhost:8000');
    expect(config.analyticsId).toBeUndefined();
  });

  it('reads every key from VITE_* variables, trimming a trailing slash from the API server', () => {
    const config = readWebConfig({
      VITE_API_SERVER: 'https://api.example.com/',
      VITE_ANALYTICS_ID: 'amp-key',
      VITE_GOOGLE_CLIENT_ID: 'google-id',
      VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
    });
    expect(config).toMatchObject({
      apiServer: 'https://api.example.com',
      analyticsId: 'amp-key',
      googleClientId: 'google-id',
      stripePublishableKey: 'pk_test_1',
    });
  });

  it('treats blank values as not set', () => {
    expect(readWebConfig({ VITE_ANALYTICS_ID: '  ' }).analyticsId).toBeUndefined();
  });
});
