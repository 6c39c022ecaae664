/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "https://wingmate.test/"}
 */
import Cookies from 'js-cookie';
import { cookieStorage } from './storage';

describe('token cookies on https (docs/decisions.md#the-sdk-surface-the-web-app-binds-to)', () => {
  it('are marked Secure', () => {
    const set = jest.spyOn(Cookies, 'set');
    cookieStorage().set('access_token', 'jwt');
    expect(set).toHaveBeenCalledWith('access_token', 'jwt', expect.objectContaining({ secure: true }));
    set.mockRestore();
  });
});
