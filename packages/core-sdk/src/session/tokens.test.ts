import { memoryStorage } from '../ports/storage';
import { authorizationHeader, createTokenStore } from './tokens';

describe('authorization header (docs/decisions.md#auth-appsapi)', () => {
  it('is "Bearer <jwt>" for a JWT', () => {
    expect(authorizationHeader('a.b.c')).toBe('Bearer a.b.c');
  });

  it('is the stored value as it is when it starts with "Token "', () => {
    expect(authorizationHeader('Token abc')).toBe('Token abc');
  });
});

describe('token store', () => {
  it('keeps the refresh token when a save gives none, and removes it when told null', () => {
    const tokens = createTokenStore(memoryStorage());
    tokens.save({ access: 'a1', refresh: 'r1' });
    tokens.save({ access: 'a2' });
    expect(tokens.read()).toEqual({ access: 'a2', refresh: 'r1' });
    tokens.save({ access: 'a3', refresh: null });
    expect(tokens.read()).toEqual({ access: 'a3', refresh: null });
  });

  it('tells listeners a clear ended a session only when it removed an access token', () => {
    const tokens = createTokenStore(memoryStorage());
    const changes: boolean[] = [];
    tokens.subscribe(({ ended }) => changes.push(ended));
    tokens.save({ access: 'jwt', refresh: 'r' });
    tokens.clear();
    tokens.clear();
    expect(changes).toEqual([false, true, false]);
  });

  it('reads storage on every use, so a token written by another tab is seen', () => {
    const storage = memoryStorage();
    const tokens = createTokenStore(storage);
    storage.set('access_token', 'from-another-tab');
    expect(tokens.access()).toBe('from-another-tab');
  });
});
