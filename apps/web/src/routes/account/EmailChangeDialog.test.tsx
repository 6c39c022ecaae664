import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { call, member, renderAccount, requestsTo, resetToasts, section } from '../../testing/account';

afterEach(() => {
  jest.useRealTimers();
  resetToasts();
});

async function openEmailDialog() {
  const trigger = within(section('Sign-in details')).getByRole('button', { name: 'Change email' });
  await userEvent.click(trigger);
  return { trigger, dialog: within(await screen.findByRole('dialog', { name: 'Change email' })) };
}

describe('/account, e-mail change (the password or a confirmation code, then a code to the new address)', () => {
  it('sends a code to the new address, confirms it, and shows the new address', async () => {
    const { requests } = await renderAccount({
      [call('requestEmailChange')]: { data: { detail: 'Code sent.' } },
      [call('confirmEmailChange')]: ({ body }) => ({
        data: { ...member, email: (body as { email: string }).email },
      }),
    });
    const { trigger, dialog } = await openEmailDialog();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Email' }), ' ada@new.example ');
    await userEvent.type(dialog.getByLabelText('Password'), 'secret-password');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(await dialog.findByText('We sent a code to ada@new.example.')).toBeTruthy();

    await userEvent.type(dialog.getByRole('textbox', { name: 'Verification code' }), '12a3456');
    await userEvent.click(dialog.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Email changed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(section('Sign-in details')).getByText('ada@new.example')).toBeTruthy();
    expect(document.activeElement).toBe(trigger);
    expect(requestsTo(requests, 'requestEmailChange')[0]?.body).toEqual({
      email: 'ada@new.example',
      password: 'secret-password',
    });
    expect(requestsTo(requests, 'confirmEmailChange')[0]?.body).toEqual({
      email: 'ada@new.example',
      code: '123456',
    });
  });

  it('checks the address before sending, and shows the API’s field error (an address in use)', async () => {
    const { requests } = await renderAccount({
      [call('requestEmailChange')]: {
        status: 400,
        data: { email: ['This email address is already in use.'] },
      },
    });
    const { dialog } = await openEmailDialog();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Email' }), 'not-an-address');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(await dialog.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(requestsTo(requests, 'requestEmailChange')).toEqual([]);

    await userEvent.clear(dialog.getByRole('textbox', { name: 'Email' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Email' }), 'taken@example.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(await dialog.findByText('Enter your current password.')).toBeTruthy();
    expect(requestsTo(requests, 'requestEmailChange')).toEqual([]);
    await userEvent.type(dialog.getByLabelText('Password'), 'secret-password');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(await dialog.findByText('This email address is already in use.')).toBeTruthy();
    expect(dialog.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a wrong code next to the code field', async () => {
    await renderAccount({
      [call('requestEmailChange')]: { data: { detail: 'Code sent.' } },
      [call('confirmEmailChange')]: { status: 400, data: { code: ['The code is wrong or has expired.'] } },
    });
    const { dialog } = await openEmailDialog();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Email' }), 'ada@new.example');
    await userEvent.type(dialog.getByLabelText('Password'), 'secret-password');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    await userEvent.type(await dialog.findByRole('textbox', { name: 'Verification code' }), '000000');
    await userEvent.click(dialog.getByRole('button', { name: 'Verify' }));
    expect(await dialog.findByText('The code is wrong or has expired.')).toBeTruthy();
    expect(dialog.getByRole('textbox', { name: 'Verification code' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('lets a new code be asked for once the minute is over', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { requests } = await renderAccount({
      [call('requestEmailChange')]: { data: { detail: 'Code sent.' } },
    });
    await user.click(within(section('Sign-in details')).getByRole('button', { name: 'Change email' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change email' }));
    await user.type(dialog.getByRole('textbox', { name: 'Email' }), 'ada@new.example');
    await user.type(dialog.getByLabelText('Password'), 'secret-password');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    const resend = await dialog.findByRole<HTMLButtonElement>('button', { name: 'Resend code' });
    expect(resend.disabled).toBe(true);
    expect(dialog.getByText(/You can ask for a new code in/)).toBeTruthy();

    for (let second = 0; second < 60; second += 1) act(() => void jest.advanceTimersByTime(1000));
    expect(resend.disabled).toBe(false);
    await user.click(resend);
    expect(await dialog.findByText('We sent a new code.')).toBeTruthy();
    // The resend proves itself with the same password.
    expect(requestsTo(requests, 'requestEmailChange').map((request) => request.body)).toEqual([
      { email: 'ada@new.example', password: 'secret-password' },
      { email: 'ada@new.example', password: 'secret-password' },
    ]);
    expect(resend.disabled).toBe(true);
  });

  it('shows a wrong password next to the password field, keeping the dialog open', async () => {
    await renderAccount({
      [call('requestEmailChange')]: { status: 400, data: { password: ['The password is not right.'] } },
    });
    const { dialog } = await openEmailDialog();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Email' }), 'ada@new.example');
    await userEvent.type(dialog.getByLabelText('Password'), 'wrong');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(await dialog.findByText('The password is not right.')).toBeTruthy();
    expect(dialog.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(dialog.queryByRole('textbox', { name: 'Verification code' })).toBeNull();
  });

  it('without a password: asks for a confirmation code first, sends it instead, and starts over for a new one', async () => {
    const { requests } = await renderAccount(
      {
        [call('confirmUser')]: {
          data: { detail: 'Code sent.', channel: 'sms', sent_to: '+12025550147' },
        },
        [call('requestEmailChange')]: { data: { detail: 'Code sent.' } },
      },
      { user: { ...member, has_password: false } },
    );
    const { dialog } = await openEmailDialog();
    expect(dialog.queryByLabelText('Password')).toBeNull();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Email' }), 'ada@new.example');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Send yourself a code first.');
    expect(requestsTo(requests, 'requestEmailChange')).toEqual([]);

    await userEvent.click(dialog.getByRole('button', { name: 'Send code' }));
    expect(await dialog.findByText('We sent a code to (202) 555-0147.')).toBeTruthy();
    expect(requestsTo(requests, 'confirmUser')[0]?.body).toEqual({ purpose: 'email_change' });
    await userEvent.type(dialog.getByRole('textbox', { name: 'Verification code' }), '654321');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));

    expect(await dialog.findByText('We sent a code to ada@new.example.')).toBeTruthy();
    expect(requestsTo(requests, 'requestEmailChange')[0]?.body).toEqual({
      email: 'ada@new.example',
      code: '654321',
    });
    // The confirmation code is spent, so no resend with it: starting over asks for a new one.
    expect(dialog.queryByRole('button', { name: 'Resend code' })).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Start over' }));
    expect(await dialog.findByRole('button', { name: 'Send code' })).toBeTruthy();
    expect(dialog.getByRole('textbox', { name: 'Email' })).toBeTruthy();
  });
});
