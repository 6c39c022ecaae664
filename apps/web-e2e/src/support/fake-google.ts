import type { FakeGoogle, GoogleAccount } from '@wingmate/testing';
import type { BrowserContext } from 'playwright-core';

export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';

/**
 * Serves a fake Google Identity Services script to the page (Playwright request routing), speaking the token
 * client's interface (`google.accounts.oauth2.initTokenClient(...).requestAccessToken()`). The "popup" answers
 * at once with an access token that the fake tokeninfo server knows as `account`, so the web app's real code and
 * the API's real tokeninfo check run end to end, offline. A token client made for another client id gets
 * Google's error answer instead.
 */
export async function serveFakeGoogleIdentity(
  context: BrowserContext,
  google: FakeGoogle,
  account: GoogleAccount | 'closes-popup',
): Promise<void> {
  const answer =
    account === 'closes-popup'
      ? { kind: 'error', error: { type: 'popup_closed', message: 'Popup window closed' } }
      : { kind: 'token', token: google.issueAccessToken(account) };
  const script = `
    (() => {
      const answer = ${JSON.stringify(answer)};
      const clientId = ${JSON.stringify(google.clientId)};
      window.google = window.google || {};
      window.google.accounts = {
        oauth2: {
          initTokenClient(config) {
            return {
              requestAccessToken() {
                setTimeout(() => {
                  if (config.client_id !== clientId) {
                    return config.callback({ error: 'invalid_client', error_description: 'Unknown client' });
                  }
                  if (answer.kind === 'error') return config.error_callback && config.error_callback(answer.error);
                  config.callback({ access_token: answer.token, token_type: 'Bearer', expires_in: 3599,
                    scope: config.scope });
                }, 10);
              },
            };
          },
        },
      };
    })();`;
  await context.route(GOOGLE_IDENTITY_SCRIPT, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: script }),
  );
}
