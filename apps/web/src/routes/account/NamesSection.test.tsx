import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { call, member, renderAccount, requestsTo, resetToasts, section } from '../../testing/account';

afterEach(resetToasts);

describe('/account, names', () => {
  it('saves the trimmed names, confirms with a toast, and the page greets the new name', async () => {
    const { requests } = await renderAccount({
      [call('updateUser')]: ({ body }) => ({ data: { ...member, ...(body as object) } }),
    });
    const names = within(section('Your name'));
    const save = names.getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await userEvent.clear(names.getByRole('textbox', { name: 'First name' }));
    await userEvent.type(names.getByRole('textbox', { name: 'First name' }), '  Augusta ');
    await userEvent.click(save);

    expect(await screen.findByText('Name saved')).toBeTruthy();
    expect(requestsTo(requests, 'updateUser').map((request) => request.body)).toEqual([
      { first_name: 'Augusta', last_name: 'Lovelace' },
    ]);
    expect(screen.getByText('Signed in as Augusta Lovelace.')).toBeTruthy();
    expect(names.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
  });

  it('shows a field error of the API next to its field, and keeps what was typed', async () => {
    await renderAccount({
      [call('updateUser')]: {
        status: 400,
        data: { last_name: ['Ensure this field has no more than 150 characters.'] },
      },
    });
    const names = within(section('Your name'));
    await userEvent.type(names.getByRole('textbox', { name: 'Last name' }), '-Byron');
    await userEvent.click(names.getByRole('button', { name: 'Save' }));

    const lastName = names.getByRole('textbox', { name: 'Last name' });
    expect(await names.findByText('Ensure this field has no more than 150 characters.')).toBeTruthy();
    expect(lastName.getAttribute('aria-invalid')).toBe('true');
    expect((lastName as HTMLInputElement).value).toBe('Lovelace-Byron');
    expect(names.queryByRole('alert')).toBeNull();
  });

  it('says when the server cannot be reached', async () => {
    await renderAccount({
      [call('updateUser')]: () => Promise.reject(new Error('Network Error')),
    });
    const names = within(section('Your name'));
    await userEvent.type(names.getByRole('textbox', { name: 'First name' }), 'x');
    await userEvent.click(names.getByRole('button', { name: 'Save' }));
    expect((await names.findByRole('alert')).textContent).toBe(
      'We could not reach Wingmate. Check your connection and try again.',
    );
  });
});
