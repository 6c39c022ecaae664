import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  call,
  member,
  renderAccount,
  requestsTo,
  section,
  smsStatusOf,
  startAccount,
} from '../../testing/account';
import { pageLoaderWhileLoading } from '../../testing/screens';

const TITLE = 'Text your wingmate';
const ready = { ...smsStatusOf(member), system_number: '+12133734253' };

describe('/account, text your wingmate (docs/product.md#account-calls)', () => {
  it('keeps /account behind the page loader until the status is in, then gives the number to text as an sms: link', async () => {
    let answer: (reply: { data: unknown }) => void = () => undefined;
    const { requests } = startAccount({
      [call('getSmsStatus')]: () => new Promise((resolve) => (answer = resolve)),
    });
    expect(await pageLoaderWhileLoading(requests, call('getSmsStatus'))).toBeTruthy();
    act(() => answer({ data: ready }));
    await screen.findByRole('heading', { level: 1, name: 'Account' });
    const sms = within(section(TITLE));
    const link = sms.getByRole('link', { name: '+1 (213) 373-4253' });
    expect(link.getAttribute('href')).toBe('sms:+12133734253');
    expect(link.parentElement?.textContent).toBe('Text your wingmate at +1 (213) 373-4253');
    expect(sms.getByText('We answer texts from (201) 555-0123.')).toBeTruthy();
    expect(sms.getByText('Each reply uses one message, like the chat.')).toBeTruthy();
    expect(sms.getByText('Reply STOP to stop texts, HELP for help.')).toBeTruthy();
  });

  it('says texts to a number that replied STOP are stopped, and to text START to turn them back on', async () => {
    await renderAccount({
      [call('getSmsStatus')]: { data: { ...ready, can_text: false, opted_out: true } },
    });
    const sms = within(section(TITLE));
    expect(sms.getByText('Texts to (201) 555-0123 are stopped.')).toBeTruthy();
    const link = sms.getByRole('link', { name: '+1 (213) 373-4253' });
    expect(link.parentElement?.textContent).toBe('To turn them back on, text START to +1 (213) 373-4253');
    expect(sms.queryByText('Reply STOP to stop texts, HELP for help.')).toBeNull();
  });

  it('asks a member without a verified phone to add one, and shows the number to text once they have', async () => {
    const noPhone = { ...member, phone_number: null };
    let status = smsStatusOf(noPhone);
    const { client, requests } = await renderAccount(
      { [call('getSmsStatus')]: () => ({ data: status }) },
      { user: noPhone },
    );
    const sms = within(section(TITLE));
    expect(sms.getByText('Add and verify a US phone number to text your wingmate.')).toBeTruthy();
    expect(sms.getByRole('button', { name: 'Add phone number' })).toBeTruthy();
    expect(sms.queryByRole('link')).toBeNull();

    // The phone change flow (its own tests) ends with the session's user holding the new number.
    status = smsStatusOf(member);
    act(() => client.session.setUser(member));
    expect(await sms.findByRole('link', { name: '+1 (213) 555-0100' })).toBeTruthy();
    expect(requestsTo(requests, 'getSmsStatus')).toHaveLength(2);
  });

  it('falls back to the configured SMS number when the API gives none', async () => {
    await renderAccount(
      { [call('getSmsStatus')]: { data: { ...ready, system_number: '' } } },
      { config: { smsPhoneNumber: '2025550147' } },
    );
    expect(within(section(TITLE)).getByRole('link', { name: '+1 (202) 555-0147' })).toBeTruthy();
  });

  it('leaves the section out when there is no number to text at all', async () => {
    await renderAccount(
      { [call('getSmsStatus')]: { data: { ...ready, system_number: '' } } },
      { config: { smsPhoneNumber: undefined } },
    );
    expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
  });

  it('says so when the status cannot be loaded, in core-sdk\'s words, and loads it again on "Try again"', async () => {
    let fails = true;
    await renderAccount({
      [call('getSmsStatus')]: () =>
        fails ? { status: 400, data: { detail: 'Bad request.' } } : { data: ready },
    });
    const sms = within(section(TITLE));
    expect(sms.getByRole('alert').textContent).toBe('Bad request.');
    fails = false;
    await userEvent.click(sms.getByRole('button', { name: 'Try again' }));
    expect(await sms.findByRole('link', { name: '+1 (213) 373-4253' })).toBeTruthy();
  });
});
