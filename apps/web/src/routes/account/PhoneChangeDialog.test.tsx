import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { call, member, renderAccount, requestsTo, resetToasts, section } from '../../testing/account';

afterEach(resetToasts);

const NEW_NUMBER = '+12025550147';
const pinSent = { data: { detail: 'PIN sent.', phone_number: NEW_NUMBER } };
const phoneChanged = { data: { user: { ...member, phone_number: NEW_NUMBER } } };

async function openPhoneDialog() {
  const trigger = within(section('Sign-in details')).getByRole('button', { name: 'Change phone number' });
  await userEvent.click(trigger);
  const dialog = within(await screen.findByRole('dialog', { name: 'Change phone number' }));
  // The flow's chunk (with libphonenumber) loads when the dialog opens.
  await dialog.findByRole('textbox', { name: 'Phone number' });
  return { trigger, dialog };
}

describe('/account, phone change (docs/decisions.md#sign-in-and-account-security: the password or a code, then the new number’s PIN)', () => {
  it('with the password: sends the PIN to the new number, verifies it, shows the number, focus back on the trigger', async () => {
    const { requests } = await renderAccount({
      [call('updatePhoneNumber')]: pinSent,
      [call('verifyPin')]: phoneChanged,
    });
    const { trigger, dialog } = await openPhoneDialog();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Phone number' }), '2025550147');
    await userEvent.type(dialog.getByLabelText('Password'), 'correct horse');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));

    expect(await dialog.findByText('We texted a code to (202) 555-0147.')).toBeTruthy();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Verification code' }), '123456');
    await userEvent.click(dialog.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Phone number changed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(section('Sign-in details')).getByText('(202) 555-0147')).toBeTruthy();
    expect(document.activeElement).toBe(trigger);
    expect(requestsTo(requests, 'updatePhoneNumber')[0]?.body).toEqual({
      phone_number: NEW_NUMBER,
      password: 'correct horse',
    });
    expect(requestsTo(requests, 'verifyPin')[0]?.body).toMatchObject({
      phone_number: NEW_NUMBER,
      code: '123456',
    });
  });

  it('without a password: asks for a confirmation code first and sends it instead', async () => {
    const { requests } = await renderAccount(
      {
        [call('confirmUser')]: {
          data: { detail: 'Code sent.', channel: 'email', sent_to: 'ada@example.com' },
        },
        [call('updatePhoneNumber')]: pinSent,
      },
      { user: { ...member, has_password: false } },
    );
    const { dialog } = await openPhoneDialog();
    expect(dialog.queryByLabelText('Password')).toBeNull();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Phone number' }), '2025550147');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Send yourself a code first.');

    await userEvent.click(dialog.getByRole('button', { name: 'Send code' }));
    expect(await dialog.findByText('We sent a code to ada@example.com.')).toBeTruthy();
    expect(requestsTo(requests, 'confirmUser')[0]?.body).toEqual({ purpose: 'phone_change' });
    await userEvent.type(dialog.getByRole('textbox', { name: 'Verification code' }), '654321');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));

    expect(await dialog.findByText('We texted a code to (202) 555-0147.')).toBeTruthy();
    expect(requestsTo(requests, 'updatePhoneNumber')[0]?.body).toEqual({
      phone_number: NEW_NUMBER,
      code: '654321',
    });
  });

  it('refuses a number that is not a US number before sending anything', async () => {
    const { requests } = await renderAccount();
    const { dialog } = await openPhoneDialog();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Phone number' }), '12345');
    await userEvent.type(dialog.getByLabelText('Password'), 'pw');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    const field = dialog.getByRole('textbox', { name: 'Phone number' });
    expect(await dialog.findByText('Enter a US phone number, like (201) 555-0123.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(requestsTo(requests, 'updatePhoneNumber')).toEqual([]);
  });

  it('shows the API’s refusal (a wrong password) and a wrong PIN, keeping the dialog open', async () => {
    let passwordRight = false;
    await renderAccount({
      [call('updatePhoneNumber')]: () =>
        passwordRight ? pinSent : { status: 400, data: { error: 'The password is not right.' } },
      [call('verifyPin')]: { status: 400, data: { error: 'Wrong PIN.' } },
    });
    const { dialog } = await openPhoneDialog();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Phone number' }), '2025550147');
    await userEvent.type(dialog.getByLabelText('Password'), 'wrong');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('The password is not right.');

    passwordRight = true;
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    await userEvent.type(await dialog.findByRole('textbox', { name: 'Verification code' }), '000000');
    await userEvent.click(dialog.getByRole('button', { name: 'Verify' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Wrong PIN.');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
