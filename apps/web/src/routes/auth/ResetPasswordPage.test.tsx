import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectLandedAt, renderAuthScreen, SIGN_IN_ANSWER, US_NUMBER } from '../../testing/auth-screens';

const DONE = { data: { detail: 'Password has been reset with the new password.' } };

describe('/reset-password (docs/web.md#routes): a code by phone or e-mail, then a new password', () => {
  it('e-mail: the code and a new password sign the person in and go back to ?next=', async () => {
    const screenApi = renderAuthScreen('/reset-password?next=/account', {
      api: {
        'POST /email/reset-password/': { data: { detail: 'Sent.' } },
        'POST /email/reset-password/confirm/': DONE,
        'POST /register/login/': { data: SIGN_IN_ANSWER },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Email' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await userEvent.type(screen.getByRole('textbox', { name: 'Verification code' }), '246810');
    await userEvent.type(screen.getByLabelText('New password'), 'a brand new password');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));

    await expectLandedAt('/account');
    expect(screenApi.bodiesOf('POST /email/reset-password/')).toEqual([{ email: 'ada@example.com' }]);
    expect(screenApi.bodiesOf('POST /email/reset-password/confirm/')).toEqual([
      { email: 'ada@example.com', code: '246810', new_password: 'a brand new password' },
    ]);
    expect(screenApi.client.session.isLoggedIn()).toBe(true);
  });

  it('phone: a wrong code and a weak password are said next to their fields', async () => {
    renderAuthScreen('/reset-password', {
      api: {
        'POST /auth/reset-password/': { data: { detail: 'Sent.' } },
        'POST /auth/reset-password/confirm/': {
          status: 400,
          data: { code: ['Invalid code.'], new_password: ['This password is too common.'] },
        },
      },
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Phone number' }), '2015550123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Verification code' }), '111111');
    await userEvent.type(screen.getByLabelText('New password'), 'password123');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText('Invalid code.')).toBeTruthy();
    expect(screen.getByText('This password is too common.')).toBeTruthy();
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
  });

  it('phone: when signing in with the new password fails, says it is set and offers sign-in', async () => {
    const screenApi = renderAuthScreen('/reset-password', {
      api: {
        'POST /auth/reset-password/': { data: { detail: 'Sent.' } },
        'POST /auth/reset-password/confirm/': DONE,
        'POST /auth/login/': { status: 429, data: { detail: 'Request was throttled.' } },
      },
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Phone number' }), '2015550123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Verification code' }), '111111');
    await userEvent.type(screen.getByLabelText('New password'), 'a brand new password');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));

    await screen.findByRole('heading', { level: 1, name: 'Password changed' });
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeTruthy();
    expect(screenApi.bodiesOf('POST /auth/reset-password/confirm/')).toEqual([
      { phone_number: US_NUMBER, code: '111111', new_password: 'a brand new password' },
    ]);
  });

  it('asks for a valid address before sending anything', async () => {
    const screenApi = renderAuthScreen('/reset-password');
    await userEvent.click(await screen.findByRole('button', { name: 'Email' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(screenApi.requests).toEqual([]);
  });
});
