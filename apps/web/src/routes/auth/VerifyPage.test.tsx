import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectLandedAt, renderAuthScreen, SIGN_IN_ANSWER, US_NUMBER } from '../../testing/auth-screens';

const fromSignUp = { phoneNumber: US_NUMBER, from: '/signup' };

describe('/verify (docs/web.md#routes): the PIN, its errors, and a new code after 60 s', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('a right PIN signs in and goes back to ?next=', async () => {
    const screenApi = renderAuthScreen('/verify?next=/pricing', {
      state: fromSignUp,
      api: { 'POST /verify/': { data: SIGN_IN_ANSWER } },
    });
    const code = await screen.findByRole('textbox', { name: 'Verification code' });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await expectLandedAt('/pricing');
    expect(screenApi.bodiesOf('POST /verify/')).toEqual([{ phone_number: US_NUMBER, code: '123456' }]);
    expect(screenApi.client.session.isLoggedIn()).toBe(true);
  });

  it('sends the visitor’s uid with the PIN, so what it did moves to the account', async () => {
    const screenApi = renderAuthScreen('/verify', {
      state: fromSignUp,
      api: { 'POST /verify/': { data: SIGN_IN_ANSWER } },
    });
    screenApi.storage.set('uid', '6f1c3c8e-7d2a-4f5b-9a51-2a1d3f0b9c11');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Verification code' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await expectLandedAt('/chat');
    expect(screenApi.bodiesOf('POST /verify/')).toEqual([
      { uid: '6f1c3c8e-7d2a-4f5b-9a51-2a1d3f0b9c11', phone_number: US_NUMBER, code: '123456' },
    ]);
  });

  it('shows the response’s `error` next to the code field and keeps the person here', async () => {
    const screenApi = renderAuthScreen('/verify', {
      state: fromSignUp,
      api: { 'POST /verify/': { status: 400, data: { error: 'Invalid code. 4 tries left.' } } },
    });
    const code = await screen.findByRole('textbox', { name: 'Verification code' });
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Invalid code. 4 tries left.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(code);
    expect(screenApi.client.session.isLoggedIn()).toBe(false);
  });

  it('keeps only digits, and asks for all six before sending', async () => {
    const screenApi = renderAuthScreen('/verify', { state: fromSignUp });
    const code = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Verification code' });
    await userEvent.type(code, '12a-3');
    expect(code.value).toBe('123');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6-digit code.')).toBeTruthy();
    expect(screenApi.requests).toEqual([]);
  });

  it('"Resend code" waits 60 s, then sends a new PIN and waits again', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const screenApi = renderAuthScreen('/verify', {
      state: fromSignUp,
      api: { 'POST /generate/': { data: { detail: 'Code sent.', phone_number: US_NUMBER } } },
    });
    const resend = await screen.findByRole('button', { name: 'Resend code' });
    expect(resend).toHaveProperty('disabled', true);
    expect(screen.getByText(/ask for a new code in/).textContent).toContain('60');

    await act(async () => jest.advanceTimersByTime(59_000));
    expect(resend).toHaveProperty('disabled', true);
    await act(async () => jest.advanceTimersByTime(1_000));
    expect(resend).toHaveProperty('disabled', false);

    await act(async () => {
      await user.click(resend);
    });
    expect(await screen.findByText('We sent a new code to (201) 555-0123.')).toBeTruthy();
    expect(screenApi.bodiesOf('POST /generate/')).toEqual([{ phone_number: US_NUMBER }]);
    expect(screen.getByRole('button', { name: 'Resend code' })).toHaveProperty('disabled', true);
  });

  it('without a number to verify, offers the way back to sign-up and sign-in', async () => {
    renderAuthScreen('/verify');
    await screen.findByRole('heading', { level: 1, name: 'Nothing to verify yet' });
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/signup');
  });

  it('e-mail: the code verifies the signed-in account and goes on', async () => {
    const screenApi = renderAuthScreen('/verify?method=email&next=/pricing', {
      signedIn: true,
      state: { email: 'ada@example.com' },
      api: { 'POST /register/email/verify/': { data: {} }, 'GET /auth/user/': { data: SIGN_IN_ANSWER.user } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Verification code' }), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await expectLandedAt('/pricing');
    expect(screenApi.bodiesOf('POST /register/email/verify/')).toEqual([{ code: '654321' }]);
  });

  it('e-mail: "Resend code" waits 60 s, then mails a new code and waits again', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const screenApi = renderAuthScreen('/verify?method=email', {
      signedIn: true,
      state: { email: 'ada@example.com' },
      api: { 'POST /register/email/verify/resend/': { data: { detail: 'A new code is on its way.' } } },
    });
    const resend = await screen.findByRole('button', { name: 'Resend code' });
    expect(resend).toHaveProperty('disabled', true);
    expect(screen.getByText(/ask for a new code in/).textContent).toContain('60');
    await act(async () => jest.advanceTimersByTime(60_000));
    expect(resend).toHaveProperty('disabled', false);

    await act(async () => {
      await user.click(resend);
    });
    expect(await screen.findByText('We sent a new code to ada@example.com.')).toBeTruthy();
    expect(screenApi.bodiesOf('POST /register/email/verify/resend/')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Resend code' })).toHaveProperty('disabled', true);
  });

  it('e-mail: a resend the server throttles is said, and the code field stays', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderAuthScreen('/verify?method=email', {
      signedIn: true,
      api: {
        'POST /register/email/verify/resend/': {
          status: 429,
          data: { detail: 'Request was throttled. Expected available in 3000 seconds.' },
        },
      },
    });
    const resend = await screen.findByRole('button', { name: 'Resend code' });
    await act(async () => jest.advanceTimersByTime(60_000));
    await act(async () => {
      await user.click(resend);
    });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toBeTruthy();
  });

  it('e-mail: a wrong code is said next to the field', async () => {
    renderAuthScreen('/verify?method=email', {
      signedIn: true,
      api: { 'POST /register/email/verify/': { status: 400, data: { code: ['Invalid code.'] } } },
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Verification code' }), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid code.')).toBeTruthy();
  });

  it('e-mail: signed out, the person signs in first and comes back to the code', async () => {
    renderAuthScreen('/verify?method=email');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to Wingmate' });
  });
});
