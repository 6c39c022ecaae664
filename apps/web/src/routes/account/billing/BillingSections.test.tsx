import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeRoutes } from '../../../testing/fake-client';
import {
  call,
  monthly,
  pack200,
  pack50,
  page,
  premiumMonthly,
  renderPricing,
  requestsTo,
  userInfo,
  userPlan,
  yearByMonths,
} from '../../../testing/pricing';
import { BillingSections } from './BillingSections';

const periodEnd = '2099-12-01T10:00:00.000Z';
const card = { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 };

const base: FakeRoutes = {
  [call('listPlans')]: page([pack50, pack200, monthly, yearByMonths, premiumMonthly]),
  [call('listFreeTrialPlans')]: page([]),
  [call('listUserPlans')]: page([]),
  [call('getPaymentMethod')]: { data: card },
  [call('listPayments')]: page([]),
  [call('getSpendingCap')]: { data: { monthly_cap: null, spent_this_month: '0.00', currency: 'usd' } },
};

function renderBilling(routes: FakeRoutes = {}) {
  return renderPricing(
    '/account',
    { ...base, ...routes },
    { pages: [{ path: '/account', element: <BillingSections /> }] },
  );
}

const region = (name: string) => screen.getByRole('region', { name });

describe('the billing sections of /account (docs/decisions.md#money-at-checkout)', () => {
  it('says when there is no subscription, no card, no payment, and no cap', async () => {
    renderBilling({ [call('getPaymentMethod')]: { status: 404, data: { detail: 'Not found.' } } });
    expect(await screen.findByText(/You have no subscription/)).toBeTruthy();
    expect(await within(region('Payment method')).findByText('No card saved yet.')).toBeTruthy();
    expect(within(region('Payment method')).getByRole('button', { name: 'Add a card' })).toBeTruthy();
    expect(await within(region('Billing history')).findByText('No payments yet.')).toBeTruthy();
    expect((await within(region('Spending cap')).findByText(/Spent this month/)).textContent).toBe(
      'Spent this month: $0.00.',
    );
  });

  it('lists the visible plans newest first with status and renewal date, metered packs left out (docs/product.md#a-members-plans)', async () => {
    renderBilling({
      [call('listUserPlans')]: page([
        userPlan(premiumMonthly, {
          id: 2,
          status: 'canceled',
          created_at: '2026-10-01T10:00:00.000Z',
          updated_at: '2026-10-02T10:00:00.000Z',
          current_period_end: periodEnd,
        }),
        userPlan(monthly, { id: 3, created_at: '2026-11-01T10:00:00.000Z', current_period_end: periodEnd }),
        userPlan(pack50, { id: 4 }),
      ]),
    });
    const plans = region('Plans');
    const rows = await within(plans).findAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual([
      'Standard monthly',
      'Premium monthly',
    ]);
    expect(rows[0]?.textContent).toContain('ActiveCurrent plan');
    expect(rows[0]?.textContent).toContain('Renews on Dec 1, 2099.');
    expect(rows[1]?.textContent).toContain('Canceled');
    expect(rows[1]?.textContent).toContain('Active until Dec 1, 2099, then it ends.');
    expect(within(rows[1]!).getByRole('button', { name: 'Resume plan' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: 'Cancel plan' })).toBeNull();
  });

  it('shows a plan whose payment is pending, never as the current plan, and drops it when its 5 s end', async () => {
    const now = Date.parse('2026-11-20T10:00:00.000Z');
    jest.useFakeTimers({ now });
    try {
      const justBought = new Date(now - 1_000).toISOString();
      renderBilling({
        [call('listUserPlans')]: page([
          userPlan(premiumMonthly, {
            id: 5,
            status: 'incomplete',
            is_active: false,
            complete: false,
            created_at: justBought,
            updated_at: justBought,
          }),
          userPlan(monthly, { id: 3, created_at: '2026-11-01T10:00:00.000Z', current_period_end: periodEnd }),
        ]),
      });
      const rows = await within(region('Plans')).findAllByRole('listitem');
      expect(rows.map((row) => row.textContent)).toEqual([
        expect.stringContaining('Payment pending'),
        expect.stringContaining('ActiveCurrent plan'),
      ]);
      expect(rows[0]?.textContent).not.toContain('Current plan');
      act(() => jest.advanceTimersByTime(4_000));
      expect(within(region('Plans')).getAllByRole('listitem')).toHaveLength(1);
      expect(region('Plans').textContent).not.toContain('Payment pending');
    } finally {
      jest.useRealTimers();
    }
  });

  it('cancels after a confirmation, showing the server record; focus returns to the trigger on "Keep plan"', async () => {
    const canceled = userPlan(monthly, { id: 3, status: 'canceled', current_period_end: periodEnd });
    const { requests } = renderBilling({
      [call('listUserPlans')]: page([userPlan(monthly, { id: 3, current_period_end: periodEnd })]),
      [call('cancelUserPlan', { id: 3 })]: { data: canceled },
    });
    const trigger = await within(region('Plans')).findByRole('button', { name: 'Cancel plan' });
    await userEvent.click(trigger);
    let dialog = await screen.findByRole('dialog', { name: 'Cancel your plan?' });
    expect(dialog.textContent).toContain('You keep Standard monthly until Dec 1, 2099.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep plan' }));
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(requestsTo(requests, 'cancelUserPlan', { id: 3 })).toHaveLength(0);

    await userEvent.click(trigger);
    dialog = await screen.findByRole('dialog', { name: 'Cancel your plan?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(region('Plans')).findByText('Canceled')).toBeTruthy();
    expect(region('Plans').textContent).toContain('Active until Dec 1, 2099, then it ends.');
    expect(requestsTo(requests, 'cancelUserPlan', { id: 3 })).toHaveLength(1);
  });

  it('marks the plan cancelled when the cancel answers 404 (the fallback of docs/product.md#a-members-plans)', async () => {
    renderBilling({
      [call('listUserPlans')]: page([userPlan(monthly, { id: 3, current_period_end: periodEnd })]),
    });
    await userEvent.click(await within(region('Plans')).findByRole('button', { name: 'Cancel plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your plan?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    expect(await within(region('Plans')).findByText('Canceled')).toBeTruthy();
    // is_active false with status `cancelled`: the period is over for this client.
    expect(region('Plans').textContent).toContain('Ended.');
  });

  it('resumes a canceled plan before its end', async () => {
    let plans = [userPlan(monthly, { id: 3, status: 'canceled', current_period_end: periodEnd })];
    const { requests } = renderBilling({
      [call('listUserPlans')]: () => page(plans),
      [call('resumeUserPlan', { id: 3 })]: () => {
        plans = [userPlan(monthly, { id: 3, current_period_end: periodEnd })];
        return { data: plans[0] };
      },
    });
    await userEvent.click(await within(region('Plans')).findByRole('button', { name: 'Resume plan' }));
    expect(await within(region('Plans')).findByText('Renews on Dec 1, 2099.')).toBeTruthy();
    expect(requestsTo(requests, 'resumeUserPlan', { id: 3 })).toHaveLength(1);
  });

  it('schedules a plan change for the end of the period, shows it, and undoes it', async () => {
    let plans = [userPlan(monthly, { id: 3, current_period_end: periodEnd })];
    const { requests } = renderBilling({
      [call('listUserPlans')]: () => page(plans),
      [call('updateUserPlan', { id: 3 })]: () => {
        plans = [{ ...plans[0]!, scheduled_plan_id: premiumMonthly.id, scheduled_change_at: periodEnd }];
        return { data: plans[0] };
      },
      [call('cancelPlanChange', { id: 3 })]: () => {
        plans = [{ ...plans[0]!, scheduled_plan_id: null, scheduled_change_at: null }];
        return { data: plans[0] };
      },
    });
    await userEvent.click(await within(region('Plans')).findByRole('button', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change your plan' });
    expect(dialog.textContent).toContain(
      'Your new plan starts on Dec 1, 2099, when this period ends. Nothing is charged now.',
    );
    // Only subscriptions the rules allow: no packs, not the disabled 12-month plan, not the current plan.
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Premium monthly$29.99 / mo']);
    await userEvent.click(within(dialog).getByRole('radio'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule change' }));
    expect(await within(region('Plans')).findByText('Premium monthly')).toBeTruthy();
    expect(region('Plans').textContent).toContain('Changes to Premium monthly on Dec 1, 2099.');
    expect(requestsTo(requests, 'updateUserPlan', { id: 3 })[0]?.body).toEqual({
      plan_id: premiumMonthly.id,
    });

    await userEvent.click(within(region('Plans')).getByRole('button', { name: 'Keep current plan' }));
    await waitFor(() => expect(region('Plans').textContent).not.toContain('Changes to'));
    expect(requestsTo(requests, 'cancelPlanChange', { id: 3 })).toHaveLength(1);
  });

  it('shows the saved card and replaces it through the card form', async () => {
    let saved = card;
    const { requests } = renderBilling({
      [call('getPaymentMethod')]: () => ({ data: saved }),
      [call('updatePaymentMethod')]: () => {
        saved = { brand: 'mastercard', last4: '4444', exp_month: 1, exp_year: 2030 };
        return {
          data: { payment_method_id: 'pm_local_5555555555554444', brand: 'mastercard', last4: '4444' },
        };
      },
    });
    const section = region('Payment method');
    expect((await within(section).findByText('Visa ending in 4242')).parentElement?.textContent).toBe(
      'Visa ending in 4242Expires 04/2031',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Replace card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace card' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Card number' }), '5555555555554444');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Expiry' }), '0130');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'CVC' }), '123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(section).findByText('Mastercard ending in 4444')).toBeTruthy();
    expect(requestsTo(requests, 'updatePaymentMethod')[0]?.body).toEqual({
      payment_method_id: 'pm_local_5555555555554444_0130',
    });
  });

  it('lists the billing history, with whether each receipt was e-mailed', async () => {
    renderBilling({
      [call('listPayments')]: page([
        {
          id: 1,
          amount: 29.99,
          currency: 'usd',
          status: 'succeeded',
          description: '200 messages',
          plan_id: 2,
          created_at: '2026-11-20T10:00:00.000Z',
          receipt_sent: true,
        },
        {
          id: 2,
          amount: 19.99,
          currency: 'usd',
          status: 'failed',
          description: 'Standard monthly renewal',
          plan_id: 5,
          created_at: '2026-11-01T10:00:00.000Z',
          receipt_sent: false,
        },
        {
          id: 3,
          amount: 9.99,
          currency: 'usd',
          status: 'succeeded',
          description: '50 messages',
          plan_id: 1,
          created_at: '2026-10-05T10:00:00.000Z',
          receipt_sent: false,
        },
      ]),
    });
    const table = await within(region('Billing history')).findByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'DateForAmountStatus',
      'Nov 20, 2026200 messagesReceipt sent$29.99Paid',
      'Nov 1, 2026Standard monthly renewal$19.99Failed',
      'Oct 5, 202650 messagesNo receipt sent$9.99Paid',
    ]);
  });

  it('shows the remaining messages with a meter of the active packs', async () => {
    renderBilling({
      [call('getUserInfo')]: userInfo(210),
      [call('listUserPlans')]: page([
        userPlan(pack50, { id: 1, remaining_messages: 10 }),
        userPlan(pack200, { id: 2, remaining_messages: 200 }),
      ]),
    });
    const usage = region('Message usage');
    expect(await within(usage).findByText('210')).toBeTruthy();
    const meter = await within(usage).findByRole('meter', { name: 'Message packs used' });
    expect(meter.getAttribute('aria-valuetext')).toBe('40 of 250 messages used');
    expect(within(usage).getByRole('link', { name: 'Buy more messages' }).getAttribute('href')).toBe(
      '/checkout/top-up',
    );
  });

  it('says "Unlimited" for an unlimited plan', async () => {
    renderBilling({ [call('getUserInfo')]: userInfo(null) });
    expect(await within(region('Message usage')).findByText('Unlimited')).toBeTruthy();
  });

  it('sets, checks and removes the monthly spending cap', async () => {
    let cap: string | null = null;
    const { requests } = renderBilling({
      [call('getSpendingCap')]: () => ({
        data: { monthly_cap: cap, spent_this_month: '12.50', currency: 'usd' },
      }),
      [call('setSpendingCap')]: (request) => {
        cap = (request.body as { monthly_cap: string | null }).monthly_cap;
        return {
          data: { monthly_cap: cap && Number(cap).toFixed(2), spent_this_month: '12.50', currency: 'usd' },
        };
      },
    });
    const section = region('Spending cap');
    const field = await within(section).findByRole('textbox', { name: 'Monthly cap (USD)' });
    await userEvent.type(field, 'abc');
    await userEvent.click(within(section).getByRole('button', { name: 'Set cap' }));
    expect(
      within(section).getByText('Enter an amount in dollars, such as 50 (at most 100000).'),
    ).toBeTruthy();
    expect(requestsTo(requests, 'setSpendingCap')).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '50');
    await userEvent.click(within(section).getByRole('button', { name: 'Set cap' }));
    await waitFor(() =>
      expect(within(section).getByText(/Spent this month/).textContent).toBe(
        'Spent this month: $12.50 of your $50.00 cap.',
      ),
    );
    expect(requestsTo(requests, 'setSpendingCap')[0]?.body).toEqual({ monthly_cap: '50' });

    await userEvent.click(within(section).getByRole('button', { name: 'Remove cap' }));
    await waitFor(() =>
      expect(within(section).getByText(/Spent this month/).textContent).toBe('Spent this month: $12.50.'),
    );
    expect(requestsTo(requests, 'setSpendingCap')[1]?.body).toEqual({ monthly_cap: null });
  });

  it('says when a section could not be loaded, and loads it again', async () => {
    let status = 400;
    renderBilling({
      [call('listPayments')]: () =>
        status === 200 ? page([]) : { status, data: { detail: 'Bad request.' } },
    });
    const history = region('Billing history');
    expect((await within(history).findByRole('alert')).textContent).toBe('We could not load your payments.');
    status = 200;
    await userEvent.click(within(history).getByRole('button', { name: 'Try again' }));
    expect(await within(history).findByText('No payments yet.')).toBeTruthy();
  });
});
