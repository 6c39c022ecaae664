import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  call,
  monthly,
  pack200,
  pack50,
  page,
  renderPricing,
  requestsTo,
  userInfo,
  userPlan,
} from '../../testing/pricing';

const catalogue = {
  [call('listPlans')]: page([pack50, pack200, monthly]),
  [call('listFreeTrialPlans')]: page([]),
};

describe('/checkout/top-up (docs/web.md#routes)', () => {
  it('shows the messages an amount buys before paying, at the cheapest metered rate', async () => {
    renderPricing('/checkout/top-up', catalogue);
    const amount = await screen.findByRole('textbox', { name: 'Amount' });
    // $29.99 for 200 messages is the cheapest: floor(2000 * 200 / 2999) = 133.
    expect(screen.getByTestId('top-up-messages').textContent).toBe('133');
    await userEvent.clear(amount);
    await userEvent.type(amount, '50');
    expect(screen.getByTestId('top-up-messages').textContent).toBe('333');
    await userEvent.clear(amount);
    await userEvent.type(amount, '600');
    await userEvent.tab();
    expect(screen.getByText('Enter an amount from $1 to $500.')).toBeTruthy();
    expect(screen.queryByTestId('top-up-messages')).toBeNull();
  });

  it('pays the amount with the card and shows the messages bought and the new count', async () => {
    let remaining = 12;
    const { requests } = renderPricing('/checkout/top-up', {
      ...catalogue,
      [call('getUserInfo')]: () => userInfo(remaining),
      [call('updatePaymentMethod')]: { data: { payment_method_id: 'pm', brand: 'visa', last4: '4242' } },
      [call('createDynamicPaymentIntent')]: {
        status: 201,
        data: {
          payment_intent_id: 'pi_9',
          client_secret: 'pi_9_secret',
          amount: 20,
          currency: 'usd',
          provider: 'local',
          messages: 133,
          user_plan: userPlan(pack50, { id: 99, is_active: false, status: 'incomplete', complete: false }),
        },
      },
      [call('confirmPaymentIntent')]: () => {
        remaining = 145;
        return { data: { status: 'succeeded', user_plan: userPlan(pack50, { id: 99 }) } };
      },
    });
    await screen.findByRole('textbox', { name: 'Amount' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Card number' }), '4242424242424242');
    await userEvent.type(screen.getByRole('textbox', { name: 'Expiry' }), '1234');
    await userEvent.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment received' })).toBeTruthy();
    expect(requestsTo(requests, 'createDynamicPaymentIntent')[0]?.body).toEqual({ amount: 20 });
    expect(screen.getByText('Messages bought').nextSibling?.textContent).toBe('133');
    await waitFor(() => expect(screen.getByTestId('remaining-messages').textContent).toBe('145'));
  });

  it('asks an account not yet verified to verify its e-mail, then to come back here, when the payment is refused', async () => {
    const { requests } = renderPricing('/checkout/top-up', {
      ...catalogue,
      [call('updatePaymentMethod')]: {
        status: 403,
        data: {
          detail: 'Verify your e-mail address or phone number before paying.',
          code: 'verification_required',
        },
      },
    });
    await screen.findByRole('textbox', { name: 'Amount' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Card number' }), '4242424242424242');
    await userEvent.type(screen.getByRole('textbox', { name: 'Expiry' }), '1234');
    await userEvent.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify your e-mail to pay' });
    expect(within(dialog).getByRole('link', { name: 'Verify' }).getAttribute('href')).toBe(
      '/verify?method=email&next=%2Fcheckout%2Ftop-up',
    );
    expect(requestsTo(requests, 'createDynamicPaymentIntent')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeTruthy();
  });

  it('says when no message pack is on sale', async () => {
    renderPricing('/checkout/top-up', { ...catalogue, [call('listPlans')]: page([monthly]) });
    expect(await screen.findByText('Message packs are not on sale right now.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });
});
