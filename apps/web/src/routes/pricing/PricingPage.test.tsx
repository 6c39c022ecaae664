import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  call,
  monthly,
  monthlyTrial,
  pack200,
  pack50,
  page,
  premiumMonthly,
  renderPricing,
  userPlan,
  weeklyTrial,
  yearByMonths,
} from '../../testing/pricing';

const catalogue = {
  [call('listPlans')]: page([yearByMonths, premiumMonthly, monthly, pack200, pack50]),
  [call('listFreeTrialPlans')]: page([weeklyTrial, monthlyTrial]),
};

const card = (name: string) => screen.getByRole('article', { name });
const sectionHeadings = () =>
  within(screen.getByRole('main'))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('/pricing (docs/web.md#routes)', () => {
  it('shows both lists, grouped by type and sorted by period (docs/product.md#plan-lists)', async () => {
    renderPricing('/pricing', catalogue, { signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing' })).toBeTruthy();
    await screen.findByRole('article', { name: '50 messages' });
    const regular = screen.getByRole('region', { name: 'Plans' });
    expect(
      within(regular)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Message packs',
      // No billing period: both last by period and equal by count, so they keep the API's order
      // (docs/product.md#plan-lists).
      '200 messages',
      '50 messages',
      'Standard',
      'Standard monthly',
      'Standard, 12 months',
      'Premium',
      'Premium monthly',
    ]);
  });

  it('shows the derived fields: per-period price, total, tags', async () => {
    renderPricing('/pricing', catalogue, { signedIn: false });
    const popular = await screen.findByRole('article', { name: '200 messages' });
    expect(popular.textContent).toContain('$0.15/ ea');
    expect(popular.textContent).toContain('$29.99 for 200 messages');
    expect(within(popular).getByText('Most popular')).toBeTruthy();
    expect(within(popular).getByText('Save 25%')).toBeTruthy();
    const yearly = card('Standard, 12 months');
    expect(yearly.textContent).toContain('$12.50/ mo');
    expect(yearly.textContent).toContain('$149.99 every 12 months');
    const trial = card('Standard monthly, free trial');
    expect(within(trial).getByText('7-day free trial')).toBeTruthy();
    expect(within(trial).getByRole('button', { name: 'Start free trial' })).toBeTruthy();
  });

  it('shows disabled plans as such, with the reason, and never lets them be bought (docs/product.md#plan-disabling)', async () => {
    renderPricing('/pricing', catalogue, { signedIn: false });
    const yearly = await screen.findByRole('article', { name: 'Standard, 12 months' });
    const buy = within(yearly).getByRole<HTMLButtonElement>('button', { name: 'Buy' });
    expect(buy.disabled).toBe(true);
    expect(buy.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(buy.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Not available to buy right now.',
    );
    const weekly = card('Standard weekly, free trial');
    expect(within(weekly).getByRole<HTMLButtonElement>('button', { name: 'Start free trial' }).disabled).toBe(
      true,
    );
    const monthlyCard = card('Standard monthly');
    expect(within(monthlyCard).getByRole<HTMLButtonElement>('button', { name: 'Buy' }).disabled).toBe(false);
  });

  it('sends a visitor who picks a plan to sign up, coming back to its checkout', async () => {
    const { router } = renderPricing('/pricing', catalogue, { signedIn: false });
    const pack = await screen.findByRole('article', { name: '50 messages' });
    await userEvent.click(within(pack).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(router.state.location.search).toBe('?next=%2Fcheckout%2F1');
  });

  it('shows visitors the regular list first, whatever the offer test says', async () => {
    renderPricing('/pricing', catalogue, { signedIn: false, variants: { abtest_offer: 'trial' } });
    await screen.findByRole('article', { name: '50 messages' });
    expect(sectionHeadings()).toEqual(['Plans', 'Free trials']);
  });

  it('puts the free trials first for a member in the `trial` variant of abtest_offer', async () => {
    renderPricing(
      '/pricing',
      { ...catalogue, [call('listUserPlans')]: page([]) },
      { variants: { abtest_offer: 'trial' } },
    );
    await screen.findByRole('article', { name: '50 messages' });
    expect(sectionHeadings()).toEqual(['Free trials', 'Plans']);
  });

  it('keeps the regular list first for a member in `control`', async () => {
    renderPricing(
      '/pricing',
      { ...catalogue, [call('listUserPlans')]: page([]) },
      { variants: { abtest_offer: 'control' } },
    );
    await screen.findByRole('article', { name: '50 messages' });
    expect(sectionHeadings()).toEqual(['Plans', 'Free trials']);
  });

  it("marks the member's current plan and sends a member straight to checkout", async () => {
    const { router } = renderPricing('/pricing', {
      ...catalogue,
      [call('listUserPlans')]: page([userPlan(monthly, { id: 40 })]),
    });
    const current = await screen.findByRole('article', { name: 'Standard monthly' });
    await within(current).findByText('Your plan');
    expect(within(current).getByRole('link', { name: 'Manage plan' }).getAttribute('href')).toBe('/account');
    await userEvent.click(within(card('200 messages')).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/2'));
  });

  it('shows current offers and the offer price on the plans they apply to', async () => {
    renderPricing(
      '/pricing',
      {
        ...catalogue,
        [call('listOffers')]: page([
          {
            id: 3,
            title: 'Winter deal',
            description: '20% off the monthly plan',
            plan_id: monthly.id,
            discount: 20,
            expires_at: '2099-01-01T00:00:00.000Z',
          },
          {
            id: 5,
            title: 'Everything',
            description: '10% off',
            plan_id: null,
            discount: 10,
            expires_at: null,
          },
          {
            id: 4,
            title: 'Gone',
            description: 'expired',
            plan_id: pack50.id,
            discount: 50,
            expires_at: '2020-01-01T00:00:00.000Z',
          },
        ]),
      },
      { signedIn: false },
    );
    const offers = await screen.findByRole('region', { name: 'Current offers' });
    expect(offers.textContent).toBe('Current offersWinter deal: 20% off the monthly planEverything: 10% off');
    // The largest offer that applies; the discount is on the first payment only.
    expect(card('Standard monthly').textContent).toContain(
      'Offer: $15.99 for the first month, then $19.99 every month',
    );
    // An offer naming no plan is for every plan; the expired one for packs is not shown.
    expect(card('50 messages').textContent).toContain('Offer: $8.99 for 50 messages');
  });

  it('shows one loading state until both lists and the offers are in, then the whole page at once', async () => {
    const answers: Record<string, () => void> = {};
    /** A reply held back until the test lets it go, so the order of arrival is the test's. */
    const held = (name: string, reply: object) => () =>
      new Promise<object>((resolve) => (answers[name] = () => resolve(reply)));
    renderPricing(
      '/pricing',
      {
        [call('listPlans')]: held('regular', page([pack50])),
        [call('listFreeTrialPlans')]: held('trials', page([monthlyTrial])),
        [call('listOffers')]: held('offers', page([])),
      },
      { signedIn: false },
    );
    await screen.findByText('Loading the plans');
    for (const name of ['regular', 'trials']) {
      await waitFor(() => expect(answers[name]).toBeDefined());
      answers[name]!();
      // A list in, but not everything: nothing of the lists is drawn yet, so nothing moves later.
      await waitFor(() => expect(screen.getByText('Loading the plans')).toBeTruthy());
      expect(screen.queryByRole('region', { name: 'Plans' })).toBeNull();
    }
    await waitFor(() => expect(answers['offers']).toBeDefined());
    answers['offers']!();
    expect(await screen.findByRole('article', { name: '50 messages' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Standard monthly, free trial' })).toBeTruthy();
    expect(screen.queryByText('Loading the plans')).toBeNull();
  });

  it('says when a list failed to load, and loads it again on "Try again"', async () => {
    let status = 400;
    renderPricing(
      '/pricing',
      {
        [call('listPlans')]: () =>
          status === 200 ? page([pack50]) : { status, data: { detail: 'Bad request.' } },
        [call('listFreeTrialPlans')]: page([]),
      },
      { signedIn: false },
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('These plans could not be loaded.');
    status = 200;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: '50 messages' })).toBeTruthy();
    expect(screen.getByText('No plans here right now.')).toBeTruthy();
  });
});
