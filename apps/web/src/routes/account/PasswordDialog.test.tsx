import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { call, member, renderAccount, requestsTo, resetToasts, section } from '../../testing/account';

afterEach(resetToasts);

const newPair = { data: { access: 'new-access', refresh: 'new-refresh', user: member } };

describe('/account, password', () => {
  it('changes the password with the current one; this device stays signed in with the new tokens', async () => {
    const { requests, tokenStorage } = await renderAccount({ [call('changePassword')]: newPair });
    const trigger = within(section('Sign-in details')).getByRole('button', { name: 'Change password' });
    await userEvent.click(trigger);
    const dialog = within(await screen.findByRole('dialog', { name: 'Change password' }));
    await userEvent.type(dialog.getByLabelText('Password'), 'old secret');
    await userEvent.type(dialog.getByLabelText('New password'), 'a much longer secret');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Password changed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
    expect(requestsTo(requests, 'changePassword')[0]?.body).toEqual({
      old_password: 'old secret',
      new_password: 'a much longer secret',
    });
    expect(tokenStorage.get('refresh_token')).toBe('new-refresh');
  });

  it('shows a wrong current password and a refused new one next to their fields', async () => {
    await renderAccount({
      [call('changePassword')]: {
        status: 400,
        data: {
          old_password: ['Your current password is not right.'],
          new_password: ['This password is too common.'],
        },
      },
    });
    await userEvent.click(
      within(section('Sign-in details')).getByRole('button', { name: 'Change password' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Change password' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Enter your current password.')).toBeTruthy();

    await userEvent.type(dialog.getByLabelText('Password'), 'wrong');
    await userEvent.type(dialog.getByLabelText('New password'), 'password');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Your current password is not right.')).toBeTruthy();
    expect(dialog.getByText('This password is too common.')).toBeTruthy();
    expect(dialog.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
  });

  it('sets a first password with a code sent to the phone; the page then says a password is set', async () => {
    const { requests } = await renderAccount(
      {
        [call('confirmUser')]: { data: { detail: 'PIN sent.', channel: 'sms', sent_to: '+12015550123' } },
        [call('setPassword')]: { data: { ...member, has_password: true } },
      },
      { user: { ...member, has_password: false } },
    );
    const details = within(section('Sign-in details'));
    expect(details.getByText('Not set')).toBeTruthy();
    await userEvent.click(details.getByRole('button', { name: 'Set password' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Set password' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send code' }));
    expect(await dialog.findByText('We sent a code to (201) 555-0123.')).toBeTruthy();
    expect(requestsTo(requests, 'confirmUser')[0]?.body).toEqual({ purpose: 'set_password' });

    await userEvent.type(dialog.getByRole('textbox', { name: 'Verification code' }), '246810');
    await userEvent.type(dialog.getByLabelText('New password'), 'a much longer secret');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Password set')).toBeTruthy();
    expect(requestsTo(requests, 'setPassword')[0]?.body).toEqual({
      code: '246810',
      new_password: 'a much longer secret',
    });
    await waitFor(() => expect(details.getByRole('button', { name: 'Change password' })).toBeTruthy());
  });

  it('says why a code could not be sent', async () => {
    await renderAccount(
      {
        [call('confirmUser')]: { status: 429, data: { detail: 'Too many codes. Try again in 60 seconds.' } },
      },
      { user: { ...member, has_password: false } },
    );
    await userEvent.click(within(section('Sign-in details')).getByRole('button', { name: 'Set password' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Set password' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send code' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Too many codes. Try again in 60 seconds.');
  });
});
