import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { call, member, renderAccount, requestsTo, resetToasts, section } from '../../testing/account';

afterEach(resetToasts);

async function openDeleteDialog() {
  const trigger = within(section('Delete account')).getByRole('button', { name: 'Delete my account' });
  await userEvent.click(trigger);
  return { trigger, dialog: within(await screen.findByRole('dialog', { name: 'Delete your account?' })) };
}

describe('/account, delete my account (docs/product.md#accounts-and-signing-in: the password, or a code without one)', () => {
  it('deletes with the password, then goes home signed out', async () => {
    const { requests, router, tokenStorage } = await renderAccount({
      [call('deleteUser')]: { data: { detail: 'Account deleted.' } },
    });
    const { dialog } = await openDeleteDialog();
    await userEvent.type(dialog.getByLabelText('Password'), 'correct horse');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Your account is deleted')).toBeTruthy();
    expect(requestsTo(requests, 'deleteUser')[0]?.body).toEqual({ password: 'correct horse' });
    expect(tokenStorage.get('access_token')).toBeNull();
  });

  it('keeps the account and the dialog on a wrong password', async () => {
    const { router } = await renderAccount({
      [call('deleteUser')]: { status: 400, data: { password: ['The password is not right.'] } },
    });
    const { dialog } = await openDeleteDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await dialog.findByText('Enter your password.')).toBeTruthy();
    await userEvent.type(dialog.getByLabelText('Password'), 'wrong');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await dialog.findByText('The password is not right.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account');
  });

  it('asks an account without a password for a code instead', async () => {
    const { requests, router } = await renderAccount(
      {
        [call('confirmUser')]: {
          data: { detail: 'Code sent.', channel: 'email', sent_to: 'ada@example.com' },
        },
        [call('deleteUser')]: { data: { detail: 'Account deleted.' } },
      },
      { user: { ...member, has_password: false } },
    );
    const { dialog } = await openDeleteDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await dialog.findByRole('textbox', { name: 'Verification code' }), '112233');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requestsTo(requests, 'confirmUser')[0]?.body).toEqual({ purpose: 'delete' });
    expect(requestsTo(requests, 'deleteUser')[0]?.body).toEqual({ code: '112233' });
  });

  it('"Cancel" closes the dialog and focus returns to "Delete my account"', async () => {
    const { requests } = await renderAccount();
    const { trigger, dialog } = await openDeleteDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
    expect(requestsTo(requests, 'deleteUser')).toEqual([]);
  });
});
