/** @jest-environment jsdom */
import Cookies from 'js-cookie';
import { cookieStorage } from './storage';

describe('token cookies (docs/decisions.md#the-sdk-surface-the-web-app-binds-to)', () => {
  let set: jest.SpyInstance;
  beforeEach(() => (set = jest.spyOn(Cookies, 'set')));
  afterEach(() => set.mockRestore());

  it('last as long as the refresh token: 30 days', () => {
    cookieStorage().set('refresh_token', 'r');
    expect(set).toHaveBeenCalledWith('refresh_token', 'r', expect.objectContaining({ expires: 30 }));
  });

  it('are written at path / with SameSite=Lax', () => {
    cookieStorage().set('access_token', 'jwt');
    expect(set).toHaveBeenCalledWith(
      'access_token',
      'jwt',
      expect.objectContaining({ path: '/', sameSite: 'lax' }),
    );
  });

  it('are not marked Secure on an http page, where the browser would drop them', () => {
    cookieStorage().set('access_token', 'jwt');
    expect(set).toHaveBeenCalledWith('access_token', 'jwt', expect.objectContaining({ secure: false }));
  });
});
