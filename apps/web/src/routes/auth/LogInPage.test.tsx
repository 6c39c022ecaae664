import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectLandedAt, renderAuthScreen, SIGN_IN_ANSWER, US_NUMBER } from '../../testing/auth-screens';

jest.mock('./social/load-script', () => ({ loadScript: jest.fn(async () => undefined) }));

describe('/login (docs/web.md#routes): phone PIN or password, e-mail and password', () => {
  afterEach(() => {
    delete window.AppleID;
    delete window.google;
  });

  it('Apple: the popup’s identity token signs in with the Services ID as audience and the name', async () => {
    const init = jest.fn();
    window.AppleID = {
      auth: {
        init,
        signIn: async () => ({
          authorization: { id_token: 'apple-identity-token' },
          user: { name: { firstName: 'Ada', lastName: 'Lovelace' } },
        }),
      },
    };
    const screenApi = renderAuthScreen('/login?next=/bio', {
      config: { appleClientId: 'com.wingmate.web' },
      api: { 'POST /api/auth/apple/': { data: SIGN_IN_ANSWER } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Apple' }));

    await expectLandedAt('/bio');
    expect(init).toHaveBeenCalledWith(
      expect.objectContaining({ clientId: 'com.wingmate.web', usePopup: true }),
    );
    expect(screenApi.bodiesOf('POST /api/auth/apple/')).toEqual([
      {
        identity_token: 'apple-identity-token',
        audience: 'com.wingmate.web',
        first_name: 'Ada',
        last_name: 'Lovelace',
      },
    ]);
  });

  it('Google: a blocked popup is said in plain words, and nothing is sent', async () => {
    window.google = {
      accounts: {
        oauth2: {
          initTokenClient: ({ error_callback }) => ({
            requestAccessToken: () => error_callback?.({ type: 'popup_failed_to_open' }),
          }),
        },
      },
    };
    const screenApi = renderAuthScreen('/login', { config: { googleClientId: 'web-client' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Allow pop-ups for this site to continue with Google.',
    );
    expect(screenApi.requests).toEqual([]);
  });

  it('e-mail and password sign in and go back to ?next=', async () => {
    const screenApi = renderAuthScreen('/login?next=/account', {
      api: { 'POST /register/login/': { data: SIGN_IN_ANSWER } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Email' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'a long password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await expectLandedAt('/account');
    expect(screenApi.bodiesOf('POST /register/login/')).toEqual([
      { email: 'ada@example.com', password: 'a long password' },
    ]);
  });

  it('a wrong password is said in plain words, and nobody is signed in', async () => {
    const screenApi = renderAuthScreen('/login', {
      api: {
        'POST /register/login/': {
          status: 400,
          data: { non_field_errors: ['Unable to log in with provided credentials.'] },
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Email' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByRole('alert')).textContent).toMatch(/^That password is not right/);
    expect(screenApi.client.session.isLoggedIn()).toBe(false);
  });

  it('a phone number gets a PIN (no terms on sign-in) and goes to /verify with ?next=', async () => {
    const screenApi = renderAuthScreen('/login?next=/pricing', {
      api: { 'POST /register/': { data: { detail: 'Code sent.', phone_number: US_NUMBER } } },
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Phone number' }), '2015550123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { level: 1, name: 'Enter your code' });
    expect(screenApi.bodiesOf('POST /register/')).toEqual([{ phone_number: US_NUMBER }]);
    expect(screenApi.router.state.location.search).toBe('?next=%2Fpricing');
  });

  it('a phone number with its password signs in directly', async () => {
    const screenApi = renderAuthScreen('/login', { api: { 'POST /auth/login/': { data: SIGN_IN_ANSWER } } });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Phone number' }), '2015550123');
    await userEvent.click(screen.getByRole('button', { name: 'Use my password instead' }));
    await userEvent.type(screen.getByLabelText('Password'), 'a long password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await expectLandedAt('/chat');
    expect(screenApi.bodiesOf('POST /auth/login/')).toEqual([
      { phone_number: US_NUMBER, password: 'a long password' },
    ]);
  });

  it('an empty password is said next to the field before anything is sent', async () => {
    const screenApi = renderAuthScreen('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Email' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(screenApi.requests).toEqual([]);
  });

  it('says when the server cannot be reached', async () => {
    renderAuthScreen('/login', {
      api: {
        'POST /register/login/': () => {
          throw Object.assign(new Error('Network Error'), { isAxiosError: true, code: 'ERR_NETWORK' });
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Email' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'a long password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not reach Wingmate/);
  });
});
