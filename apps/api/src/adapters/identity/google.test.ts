import { startFakeGoogle, type FakeGoogle } from '@wingmate/testing';
import { googleTokenVerifier } from './google';
import { IdentityRejectedError, IdentityUnavailableError } from './ports';

describe('Google access-token verifier, against a tokeninfo server (audience and verified e-mail: docs/decisions.md#auth-appsapi)', () => {
  let google: FakeGoogle;

  beforeAll(async () => {
    google = await startFakeGoogle();
  });
  afterAll(() => google.close());

  const verifier = () =>
    googleTokenVerifier({ clientId: google.clientId, tokenInfoUrl: google.tokenInfoUrl });

  it('accepts a token issued to our client with a verified e-mail', async () => {
    const token = google.issueAccessToken({ sub: '1089', email: 'Ana@Example.com' });
    await expect(verifier().verifyAccessToken(token)).resolves.toEqual({
      provider: 'google',
      subject: '1089',
      email: 'ana@example.com',
      emailVerified: true,
    });
  });

  it('rejects a token issued to another application', async () => {
    const token = google.issueAccessToken({ sub: '1', email: 'a@example.com', audience: 'someone-else' });
    await expect(verifier().verifyAccessToken(token)).rejects.toThrow('issued to another application');
  });

  it('rejects an account without a verified e-mail', async () => {
    const token = google.issueAccessToken({ sub: '1', email: 'a@example.com', emailVerified: false });
    await expect(verifier().verifyAccessToken(token)).rejects.toThrow('no verified e-mail');
  });

  it('rejects a token Google does not know', async () => {
    await expect(verifier().verifyAccessToken('ya29.forged')).rejects.toBeInstanceOf(IdentityRejectedError);
  });

  it('says Google is unavailable when it does not answer', async () => {
    const offline = googleTokenVerifier({ clientId: 'x', tokenInfoUrl: 'http://127.0.0.1:9/tokeninfo' });
    await expect(offline.verifyAccessToken('t')).rejects.toBeInstanceOf(IdentityUnavailableError);
  });

  it('refuses when no client id is configured', async () => {
    const unconfigured = googleTokenVerifier({ clientId: undefined, tokenInfoUrl: google.tokenInfoUrl });
    await expect(unconfigured.verifyAccessToken('t')).rejects.toThrow('not configured');
  });
});
