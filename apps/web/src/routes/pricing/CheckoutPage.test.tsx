import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeReply, FakeRequest } from '../../testing/fake-client';
import {
  call,
  monthly,
  monthlyTrial,
  pack50,
  page,
  renderPricing,
  requestsTo,
  userInfo,
  userPlan,
  yearByMonths,
} from '../../testing/pricing';

const catalogue = {
  [call('listPlans')]: page([pack50, monthly, yearByMonths, monthlyTrial]),
  [call('listFreeTrialPlans')]: page([monthlyTrial]),
};

function intentFor(of: typeof pack50, amount = of.price) {
  return {
    payment_intent_id: `pi_${of.id}`,
    client_secret: `pi_${of.id}_secret`,
    amount,
    currency: 'usd',
    provider: 'local',
    user_plan: userPlan(of, { id: 90, is_active: false, status: 'incomplete', complete: false }),
  };
}

const paidRoutes = (of: typeof pack50, confirm: FakeReply | ((request: FakeRequest) => FakeReply) = {}) => ({
  ...catalogue,
  [call('updatePaymentMethod')]: { data: { payment_method_id: 'pm', brand: 'visa', last4: '4242' } },
  [call('createPaymentIntent')]: { status: 201, data: intentFor(of) },
  [call('confirmPaymentIntent')]:
    typeof confirm === 'function'
      ? confirm
      : { data: { status: 'succeeded', user_plan: userPlan(of, { id: 90 }) }, ...confirm },
});

async function typeCard(number = '4242 4242 4242 4242', expiry = '12 / 34', cvc = '123') {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Card number' }), number);
  await userEvent.type(screen.getByRole('textbox', { name: 'Expiry' }), expiry.replace(/\D/g, ''));
  await userEvent.type(screen.getByRole('textbox', { name: 'CVC' }), cvc);
}

describe('/checkout/:planId with the local card form (docs/web.md#routes)', () => {
  it('sends a visitor to sign in first, coming back to the checkout', async () => {
    const { router } = renderPricing('/checkout/1', catalogue, { signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fcheckout%2F1');
  });

  it('pays for a pack: saves the card as pm_local_<number>, creates and confirms the intent, shows the receipt', async () => {
    let remaining = 12;
    const { requests } = renderPricing('/checkout/1', {
      ...paidRoutes(pack50),
      [call('getUserInfo')]: () => userInfo(remaining),
      [call('confirmPaymentIntent')]: () => {
        remaining = 62;
        return { data: { status: 'succeeded', user_plan: userPlan(pack50, { id: 90 }) } };
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(screen.getByText('Due today').parentElement?.textContent).toBe('Due today$9.99');
    await typeCard();
    expect(screen.getByText('Visa')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Payment received' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(requestsTo(requests, 'updatePaymentMethod')[0]?.body).toEqual({
      payment_method_id: 'pm_local_4242424242424242_1234',
    });
    expect(requestsTo(requests, 'createPaymentIntent')[0]?.body).toEqual({ plan_id: 1 });
    expect(requestsTo(requests, 'confirmPaymentIntent')[0]?.body).toEqual({ payment_intent_id: 'pi_1' });
    const receipt = screen.getByRole('heading', { name: 'Payment received' }).closest('div')!.parentElement!;
    expect(within(receipt).getByText('$9.99')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('remaining-messages').textContent).toBe('62'));
  });

  it('keeps the form and sends nothing while the card is not valid', async () => {
    const { requests } = renderPricing('/checkout/1', paidRoutes(pack50));
    await typeCard('4242 4242 4242 4241');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('This card number is not valid. Check the digits.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Card number' }));
    expect(requestsTo(requests, 'updatePaymentMethod')).toHaveLength(0);
  });

  it('shows a decline in plain words and keeps the form, and a retry with the same card reuses the keys', async () => {
    const { requests } = renderPricing(
      '/checkout/1',
      paidRoutes(pack50, {
        status: 402,
        data: { detail: 'Your card was declined.', code: 'card_declined' },
      }),
    );
    await typeCard('4000 0000 0000 0002');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your card was declined. Try another card, or ask your bank why.',
    );
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Card number' }).value).toBe(
      '4000 0000 0000 0002',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(requestsTo(requests, 'createPaymentIntent')).toHaveLength(2));
    const [first, second] = requestsTo(requests, 'createPaymentIntent');
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(screen.queryByRole('heading', { name: 'Payment received' })).toBeNull();
  });

  it('pays once when the button is pressed twice', async () => {
    let release: () => void = () => undefined;
    const { requests } = renderPricing('/checkout/1', {
      ...paidRoutes(pack50),
      [call('createPaymentIntent')]: () =>
        new Promise<FakeReply>(
          (resolve) => (release = () => resolve({ status: 201, data: intentFor(pack50) })),
        ),
    });
    await typeCard();
    const pay = screen.getByRole('button', { name: 'Pay' });
    await userEvent.click(pay);
    await userEvent.click(pay);
    await waitFor(() => expect(requestsTo(requests, 'createPaymentIntent')).toHaveLength(1));
    release();
    await screen.findByRole('heading', { name: 'Payment received' });
    expect(requestsTo(requests, 'createPaymentIntent')).toHaveLength(1);
    expect(requestsTo(requests, 'confirmPaymentIntent')).toHaveLength(1);
  });

  it("pays with the member's saved card without asking for it, or with a new card when chosen", async () => {
    const { requests } = renderPricing('/checkout/1', {
      ...paidRoutes(pack50),
      [call('getPaymentMethod')]: { data: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 } },
    });
    const saved = await screen.findByRole('radio', { name: 'Visa ending in 4242' });
    expect((saved as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('textbox', { name: 'Card number' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'A new card' }));
    expect(screen.getByRole('textbox', { name: 'Card number' })).toBeTruthy();
    await userEvent.click(saved);
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await screen.findByRole('heading', { name: 'Payment received' });
    expect(requestsTo(requests, 'updatePaymentMethod')).toHaveLength(0);
    expect(requestsTo(requests, 'createPaymentIntent')[0]?.body).toEqual({ plan_id: 1 });
  });

  it('asks for the card again for a trial even with one saved (each trial checks its card)', async () => {
    const { requests } = renderPricing('/checkout/7', {
      ...catalogue,
      [call('getPaymentMethod')]: { data: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 } },
    });
    expect(await screen.findByRole('textbox', { name: 'Card number' })).toBeTruthy();
    await waitFor(() => expect(requestsTo(requests, 'getPaymentMethod')).toHaveLength(1));
    // Let the answer land before looking for the choice it would make.
    await act(async () => undefined);
    expect(screen.queryByRole('radio', { name: 'Visa ending in 4242' })).toBeNull();
  });

  it('sends the offer that applies as offer_id and shows its price', async () => {
    const { requests } = renderPricing('/checkout/5', {
      ...paidRoutes(monthly),
      [call('listOffers')]: page([
        { id: 3, title: 'Winter deal', description: '', plan_id: 5, discount: 20, expires_at: null },
      ]),
    });
    await screen.findByText('Winter deal');
    expect(screen.getByText('Due today').parentElement?.textContent).toBe('Due today$15.99');
    await typeCard();
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await screen.findByRole('heading', { name: 'Payment received' });
    expect(requestsTo(requests, 'createPaymentIntent')[0]?.body).toEqual({ plan_id: 5, offer_id: 3 });
  });

  it('says a spending cap stopped the payment', async () => {
    renderPricing('/checkout/1', {
      ...paidRoutes(pack50),
      [call('createPaymentIntent')]: {
        status: 400,
        data: { detail: 'You have $5.00 left of your $50.00 cap this month.', code: 'spending_cap' },
      },
    });
    await typeCard();
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This payment would pass your monthly spending cap. You have $5.00 left of your $50.00 cap this month.',
    );
  });

  it('sends the member on to chat after the receipt in the `chat` variant of abtest_redirect', async () => {
    renderPricing('/checkout/1', paidRoutes(pack50), { variants: { abtest_redirect: 'chat' } });
    await typeCard();
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await screen.findByRole('heading', { name: 'Payment received' });
    expect((await screen.findByRole('link', { name: 'Start chatting' })).getAttribute('href')).toBe('/chat');
  });

  it('sends the member back to pricing in the `pricing` variant', async () => {
    renderPricing('/checkout/1', paidRoutes(pack50), { variants: { abtest_redirect: 'pricing' } });
    await typeCard();
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await screen.findByRole('heading', { name: 'Payment received' });
    expect(screen.getByRole('link', { name: 'Back to pricing' }).getAttribute('href')).toBe('/pricing');
  });

  it('refuses a disabled plan with the reason', async () => {
    renderPricing('/checkout/6', catalogue);
    expect(await screen.findByRole('heading', { level: 1, name: 'This plan is not on sale' })).toBeTruthy();
    expect(screen.getByText('Not available to buy right now.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });

  it('says an unknown plan is not on sale', async () => {
    renderPricing('/checkout/404', catalogue);
    expect(await screen.findByRole('heading', { level: 1, name: 'This plan is not on sale' })).toBeTruthy();
  });
});

describe('/checkout/:planId for a free trial', () => {
  const trialRoutes = {
    ...catalogue,
    [call('verifyCard')]: { data: { verified: true, amount: 1, currency: 'usd' } },
    [call('createPaymentIntent')]: {
      status: 201,
      data: { ...intentFor(monthlyTrial, 0), client_secret: '' },
    },
    [call('confirmPaymentIntent')]: {
      data: {
        status: 'succeeded',
        user_plan: userPlan(monthlyTrial, {
          id: 91,
          status: 'trialing',
          current_period_end: '2026-12-01T10:00:00.000Z',
        }),
      },
    },
  };

  const contacts = [
    ['e-mail only', { email: 'ann@example.com', phone_number: null }],
    ['phone only', { email: null, phone_number: '+14155550123' }],
    ['e-mail and phone', { email: 'ann@example.com', phone_number: '+14155550123' }],
  ] as const;
  const purchases = [
    ['a pack', '/checkout/1', paidRoutes(pack50), 'Pay', 'Payment received'],
    ['a subscription', '/checkout/5', paidRoutes(monthly), 'Pay', 'Payment received'],
    ['a free trial', '/checkout/7', trialRoutes, 'Start free trial', 'Your free trial has started'],
  ] as const;

  it.each(
    purchases.flatMap(([plan, ...rest]) =>
      contacts.map(([who, contact]) => [plan, who, ...rest, contact] as const),
    ),
  )(
    'promises e-mails only to an address on file: %s bought by a member with %s (the reminder in the terms, the receipt after)',
    async (plan, _who, path, routes, button, receiptTitle, contact) => {
      renderPricing(path, {
        ...routes,
        [call('getUserInfo')]: { data: { ...userInfo(12).data, ...contact } },
      });
      if (plan === 'a free trial') {
        const terms = await screen.findByTestId('trial-terms');
        await waitFor(() =>
          expect(terms.textContent).toMatch(
            contact.email
              ? / We remind you by e-mail 3 days before\.$/
              : / You can cancel on your account page any time before then\.$/,
          ),
        );
      }
      await typeCard();
      await userEvent.click(screen.getByRole('button', { name: button }));
      await screen.findByRole('heading', { level: 1, name: receiptTitle });
      expect(
        screen.getByText(
          contact.email
            ? `A receipt is on its way to ${contact.email}.`
            : 'Your plans and payments are on your account page.',
        ),
      ).toBeTruthy();
      if (!contact.email) expect(screen.queryByText(/by e-mail|on its way/)).toBeNull();
    },
  );

  it('shows the terms before the card, checks the card with the hold amount, and starts the trial', async () => {
    const { requests } = renderPricing('/checkout/7', trialRoutes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Start your free trial' })).toBeTruthy();
    const terms = screen.getByTestId('trial-terms');
    expect(terms.textContent).toMatch(
      /^Free for 7 days, then \$19\.99 on [A-Z][a-z]{2} \d{1,2}, \d{4} unless you cancel\./,
    );
    expect(
      terms.compareDocumentPosition(screen.getByRole('textbox', { name: 'Card number' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await typeCard();
    await userEvent.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your free trial has started' }),
    ).toBeTruthy();
    expect(requestsTo(requests, 'verifyCard')[0]?.body).toEqual({
      payment_method_id: 'pm_local_4242424242424242_1234',
      amount: 1,
    });
    expect(requestsTo(requests, 'updatePaymentMethod')).toHaveLength(0);
    expect(screen.getByText('First payment on').nextSibling?.textContent).toBe('Dec 1, 2026');
  });

  it.each([
    [
      20,
      /^Free for 7 days, then \$15\.99 on [A-Z][a-z]{2} \d{1,2}, \d{4} unless you cancel \(your offer's price for the first month\), then \$19\.99 every month\. /,
    ],
    [
      100,
      /^Free for 7 days, and the first month after that is free with your offer; then \$19\.99 every month unless you cancel\. /,
    ],
  ])(
    'words a trial with an offer of %i %% off by what is charged when, never "$0.00 on" a day',
    async (discount, words) => {
      renderPricing('/checkout/7', {
        ...trialRoutes,
        [call('listOffers')]: page([
          { id: 4, title: 'Trial deal', description: '', plan_id: 7, discount, expires_at: null },
        ]),
      });
      await screen.findByText('Trial deal');
      const terms = screen.getByTestId('trial-terms');
      await waitFor(() => expect(terms.textContent).toMatch(words));
      expect(terms.textContent).not.toContain('$0.00');
    },
  );

  it('says in words that a trial was already used (409 trial_used)', async () => {
    renderPricing('/checkout/7', {
      ...trialRoutes,
      [call('verifyCard')]: {
        status: 409,
        data: { detail: 'A free trial was already used by this account or this card.', code: 'trial_used' },
      },
    });
    await typeCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Start free trial' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have already used a free trial, on this account or with this card. You can still buy the plan without a trial.',
    );
  });
});
