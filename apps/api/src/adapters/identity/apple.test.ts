import { startFakeApple, type FakeApple } from '@wingmate/testing';
import { appleTokenVerifier } from './apple';
import { IdentityUnavailableError } from './ports';

const AUDIENCE = 'com.wingmate.app';

describe('Apple identity-token verifier, against a JWKS server with keys made in the test', () => {
  let apple: FakeApple;

  beforeAll(async () => {
    apple = await startFakeApple();
  });
  afterAll(() => apple.close());

  const verifier = () =>
    appleTokenVerifier({
      audiences: [AUDIENCE, 'com.wingmate.web'],
      jwksUrl: apple.jwksUrl,
      issuer: 'https://appleid.apple.com',
    });

  it('accepts a token signed by a published key, for one of our audiences', async () => {
    const token = await apple.signIdentityToken({
      sub: '001.abc',
      email: 'ana@privaterelay.appleid.com',
      audience: AUDIENCE,
    });
    await expect(verifier().verifyIdentityToken(token)).resolves.toEqual({
      provider: 'apple',
      subject: '001.abc',
      email: 'ana@privaterelay.appleid.com',
      emailVerified: true,
    });
  });

  it('rejects a token for another audience', async () => {
    const token = await apple.signIdentityToken({ sub: '1', audience: 'com.other.app' });
    await expect(verifier().verifyIdentityToken(token)).rejects.toThrow(
      'The Apple token is for another application.',
    );
  });

  it('rejects an expired token', async () => {
    const token = await apple.signIdentityToken({ sub: '1', audience: AUDIENCE, expiresIn: -60 });
    await expect(verifier().verifyIdentityToken(token)).rejects.toThrow('The Apple token has expired.');
  });

  it('rejects a token signed by a key Apple never published', async () => {
    const token = await apple.signIdentityToken({ sub: '1', audience: AUDIENCE, signWithUnknownKey: true });
    await expect(verifier().verifyIdentityToken(token)).rejects.toThrow(
      'The Apple token is not signed by Apple.',
    );
  });

  it('rejects a token from another issuer', async () => {
    const token = await apple.signIdentityToken({
      sub: '1',
      audience: AUDIENCE,
      issuer: 'https://evil.example',
    });
    await expect(verifier().verifyIdentityToken(token)).rejects.toThrow('wrong "iss" claim');
  });

  it('rejects a token that is not a JWT at all', async () => {
    await expect(verifier().verifyIdentityToken('not-a-jwt')).rejects.toThrow(
      'The Apple token is not valid.',
    );
  });

  it('says Apple is unavailable when its keys cannot be fetched', async () => {
    const offline = appleTokenVerifier({
      audiences: [AUDIENCE],
      jwksUrl: 'http://127.0.0.1:9/auth/keys',
      issuer: 'x',
    });
    const token = await apple.signIdentityToken({ sub: '1', audience: AUDIENCE });
    await expect(offline.verifyIdentityToken(token)).rejects.toBeInstanceOf(IdentityUnavailableError);
  });
});
