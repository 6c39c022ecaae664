import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectLandedAt, renderAuthScreen, SIGN_IN_ANSWER, US_NUMBER } from '../../testing/auth-screens';
import { TERMS_LABEL } from './terms';

jest.mock('./social/load-script', () => ({ loadScript: jest.fn(async () => undefined) }));

const PIN_SENT = { 'POST /register/': { data: { detail: 'Code sent.', phone_number: US_NUMBER } } };

async function typePhone(number = '2015550123') {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Phone number' }), number);
}

describe('/signup (docs/web.md#routes): phone, e-mail, Google; the terms first', () => {
  afterEach(() => {
    delete window.google;
  });

  it('sends the phone number in E.164 with terms_accepted, then asks for the PIN on /verify', async () => {
    const screenApi = renderAuthScreen('/signup?next=/pricing', { api: PIN_SENT });
    await typePhone();
    await userEvent.click(screen.getByRole('checkbox', { name: TERMS_LABEL }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { level: 1, name: 'Enter your code' });
    expect(screenApi.bodiesOf('POST /register/')).toEqual([
      { phone_number: US_NUMBER, terms_accepted: true },
    ]);
    expect(screenApi.router.state.location.search).toBe('?next=%2Fpricing');
    expect(screen.getByText('(201) 555-0123')).toBeTruthy();
  });

  it('refuses to go on without the terms: the error is next to the box, which takes focus', async () => {
    const screenApi = renderAuthScreen('/signup', { api: PIN_SENT });
    await typePhone();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const box = screen.getByRole('checkbox', { name: TERMS_LABEL });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(box);
    expect(screen.getByText(/Please confirm that you are 18 or older/)).toBeTruthy();
    expect(screenApi.requests).toEqual([]);
  });

  it('says a number that is not a US number next to the field, and sends nothing', async () => {
    const screenApi = renderAuthScreen('/signup', { api: PIN_SENT });
    await typePhone('12345');
    await userEvent.click(screen.getByRole('checkbox', { name: TERMS_LABEL }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const field = screen.getByRole('textbox', { name: 'Phone number' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a US phone number, like (201) 555-0123.')).toBeTruthy();
    expect(screenApi.requests).toEqual([]);
  });

  it('shows the API’s field error next to the phone field, and a busy button meanwhile', async () => {
    let answer: (reply: { status: number; data: unknown }) => void = () => undefined;
    renderAuthScreen('/signup', {
      api: { 'POST /register/': () => new Promise((resolve) => (answer = resolve)) },
    });
    await typePhone();
    await userEvent.click(screen.getByRole('checkbox', { name: TERMS_LABEL }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const button = screen.getByRole('button', { name: 'Continue' });
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    await act(async () => answer({ status: 400, data: { phone_number: ['This number cannot get texts.'] } }));
    expect(await screen.findByText('This number cannot get texts.')).toBeTruthy();
    expect(button.getAttribute('aria-busy')).toBeNull();
  });

  it('says how long to wait after too many tries (429)', async () => {
    renderAuthScreen('/signup', {
      api: {
        'POST /register/': {
          status: 429,
          data: { detail: 'Request was throttled. Expected available in 45 seconds.' },
        },
      },
    });
    await typePhone();
    await userEvent.click(screen.getByRole('checkbox', { name: TERMS_LABEL }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many tries. Please wait 45 seconds and try again.',
    );
  });

  it('e-mail: signs up with the password and terms, then asks for the e-mailed code', async () => {
    const screenApi = renderAuthScreen('/signup', {
      api: {
        'POST /register/email/': { status: 201, data: { ...SIGN_IN_ANSWER, created: undefined } },
        'GET /auth/user/': { data: SIGN_IN_ANSWER.user },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Email' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'a long password');
    await userEvent.click(screen.getByRole('checkbox', { name: TERMS_LABEL }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(screenApi.bodiesOf('POST /register/email/')).toEqual([
      { email: 'ada@example.com', password: 'a long password', terms_accepted: true },
    ]);
    expect(screen.getByText('ada@example.com')).toBeTruthy();
  });

  it('e-mail: a too-short password is said next to the field before anything is sent', async () => {
    const screenApi = renderAuthScreen('/signup');
    await userEvent.click(await screen.findByRole('button', { name: 'Email' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('checkbox', { name: TERMS_LABEL }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText('Use at least 8 characters.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(screenApi.requests).toEqual([]);
  });

  it('Google: the GIS token client’s access token signs up with terms_accepted, back to ?next=', async () => {
    window.google = {
      accounts: {
        oauth2: {
          initTokenClient: ({ client_id, callback }) => ({
            requestAccessToken: () => callback({ access_token: `token-for-${client_id}` }),
          }),
        },
      },
    };
    const screenApi = renderAuthScreen('/signup?next=/pricing', {
      config: { googleClientId: 'web-client' },
      api: { 'POST /api/auth/google/signup/': { data: SIGN_IN_ANSWER } },
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: TERMS_LABEL }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));

    await expectLandedAt('/pricing');
    expect(screenApi.bodiesOf('POST /api/auth/google/signup/')).toEqual([
      { access_token: 'token-for-web-client', terms_accepted: true },
    ]);
    expect(screenApi.client.session.isLoggedIn()).toBe(true);
  });

  it('shows no Google or Apple button when their client ids are not configured', async () => {
    renderAuthScreen('/signup');
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    expect(screen.queryByRole('button', { name: /Continue with/ })).toBeNull();
  });

  it('sends a person who is already signed in on to ?next=', async () => {
    renderAuthScreen('/signup?next=/pricing', { signedIn: true });
    await expectLandedAt('/pricing');
  });
});
