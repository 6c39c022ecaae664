import { uniqueEmail, uniqueIp } from '@wingmate/api/testing';
import { expectNoAxeViolations } from './support/axe';
import { chromiumAvailable } from './support/browser';
import { enterCard, MASTERCARD, VISA } from './support/card';
import { signInBrowser, type Member } from './support/members';
import { waitForCode } from './support/outbox';
import { chooseNecessaryCookies, openPage, type ContextOptions } from './support/pages';
import { saveScreenshotWithoutOverflow, SCREENSHOTS_WANTED, VIEWPORTS } from './support/screenshots';
import { setUpBrowserSuite } from './support/suite';
import { expectFocused } from './support/focus';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

interface Plan {
  id: number;
  name: string;
  plan_type: string;
  price: number;
}
interface Payment {
  amount: number;
  description: string;
  status: string;
  receipt_sent: boolean;
}

describeInBrowser(
  'the saved card and the billing history in Chromium (real API on PGlite, local provider)',
  () => {
    const suite = setUpBrowserSuite();

    /** The API's answer to a call made as the member, failing the test on anything but a success. */
    async function asMember<T>(
      member: { access: string },
      method: 'GET' | 'POST',
      url: string,
      payload?: object,
    ) {
      const response = await suite.product.api.app.inject({
        method,
        url,
        payload,
        headers: { authorization: `Bearer ${member.access}` },
        remoteAddress: uniqueIp(),
      });
      if (response.statusCode >= 300) throw new Error(`${method} ${url} answered ${response.statusCode}`);
      return response.json<T>();
    }

    /** A member by e-mail whose address is verified, so every payment's receipt is e-mailed to it. */
    async function verifiedMember(): Promise<Member & { email: string }> {
      const email = uniqueEmail('e2e-billing');
      const registered = await suite.product.api.app.inject({
        method: 'POST',
        url: '/register/email/',
        payload: { email, password: 'correct horse battery staple' },
        remoteAddress: uniqueIp(),
      });
      expect(registered.statusCode).toBe(201);
      const tokens = registered.json<{ access: string; refresh: string; user: { pk: number } }>();
      const code = await waitForCode(suite.product.api.app, email);
      await asMember(tokens, 'POST', '/register/email/verify/', { code });
      return { access: tokens.access, refresh: tokens.refresh, userId: tokens.user.pk, email };
    }

    /** A browser signed in as the member at `path`, its h1 shown. */
    async function open(member: Member, path: string, options: ContextOptions = {}) {
      const context = await suite.newContext(options);
      await signInBrowser(context, suite.product.webUrl, member);
      await chooseNecessaryCookies(context);
      return openPage(context, `${suite.product.webUrl}${path}`);
    }

    /** The receipt e-mails the console sender kept for `email`, once `count` of them are there. */
    async function receiptsSentTo(email: string, count: number): Promise<string[]> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const messages = await suite.product.api.app.database.db.query.outboxMessages.findMany({
          where: (message, { and, eq }) => and(eq(message.recipient, email), eq(message.channel, 'email')),
        });
        const receipts = messages
          .map((message) => message.subject ?? '')
          .filter((subject) => subject.startsWith('Your receipt:'));
        if (receipts.length >= count || Date.now() > deadline) return receipts;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    const cheapestPack = async () => {
      const response = await suite.product.api.app.inject({
        method: 'GET',
        url: '/api/v1/memberships/plans/',
      });
      return response
        .json<{ results: Plan[] }>()
        .results.filter((plan) => plan.plan_type === 'metered')
        .sort((a, b) => a.price - b.price)[0]!;
    };

    it('pays again with the saved card (no card typed), lists both payments with their e-mailed receipts, and replaces the card', async () => {
      const member = await verifiedMember();

      // The first payment: a top-up with a card typed in, which becomes the saved card.
      const first = await open(member, '/checkout/top-up');
      await first.page.getByRole('textbox', { name: 'Amount' }).fill('10');
      await enterCard(first.page, VISA);
      await first.page.getByRole('button', { name: 'Pay' }).click();
      await first.page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();

      // The second: a pack, paid with the saved card, which the checkout offers first.
      const pack = await cheapestPack();
      const { page, errors } = await open(member, `/checkout/${pack.id}`);
      const saved = page.getByRole('radio', { name: 'Visa ending in 4242' });
      await saved.waitFor();
      expect(await saved.isChecked()).toBe(true);
      expect(await page.getByRole('radio', { name: 'A new card' }).isChecked()).toBe(false);
      expect(await page.getByRole('textbox', { name: 'Card number' }).isVisible()).toBe(false);
      await expectNoAxeViolations(page, 'checkout with the saved card');
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();

      const payments = await asMember<{ results: Payment[] }>(member, 'GET', '/api/v1/memberships/payments/');
      expect(
        payments.results.map(({ description, amount, status }) => ({ description, amount, status })),
      ).toEqual([
        { description: pack.name, amount: pack.price, status: 'succeeded' },
        { description: expect.stringMatching(/messages/), amount: 10, status: 'succeeded' },
      ]);
      const receipts = await receiptsSentTo(member.email, 2);
      expect(receipts).toHaveLength(2);
      expect(receipts).toEqual(
        expect.arrayContaining([
          `Your receipt: $${pack.price.toFixed(2)} for ${pack.name}`,
          expect.stringMatching(/^Your receipt: \$10\.00 for /),
        ]),
      );

      // /account: both payments, each with its receipt e-mailed; then the saved card replaced.
      const account = await open(member, '/account', { viewport: VIEWPORTS.desktop });
      const history = account.page.getByRole('region', { name: 'Billing history' });
      const rows = history.getByRole('row');
      await account.page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 2);
      const cells = await rows.evaluateAll((all) =>
        all.slice(1).map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent)),
      );
      expect(cells).toEqual([
        [expect.any(String), `${pack.name}Receipt sent`, `$${pack.price.toFixed(2)}`, 'Paid'],
        [expect.any(String), expect.stringMatching(/messagesReceipt sent$/), '$10.00', 'Paid'],
      ]);

      const method = account.page.getByRole('region', { name: 'Payment method' });
      await method.getByText('Visa ending in 4242').waitFor();
      await method.getByRole('button', { name: 'Replace card' }).click();
      const dialog = account.page.getByRole('dialog', { name: 'Replace card' });
      await enterCard(dialog, MASTERCARD);
      await dialog.getByRole('button', { name: 'Save card' }).click();
      await dialog.waitFor({ state: 'detached' });
      await method.getByText('Mastercard ending in 4444').waitFor();
      await expectFocused(method.getByRole('button', { name: 'Replace card' }));

      // The next checkout offers the new card.
      const next = await open(member, '/checkout/top-up');
      await next.page.getByRole('radio', { name: 'Mastercard ending in 4444' }).waitFor();
      expect([...errors, ...account.errors, ...next.errors]).toEqual([]);

      // The billing sections with two payments, looked at in both schemes and at both widths.
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        for (const colorScheme of ['light', 'dark'] as const) {
          const shown = await open(member, '/account', { viewport, colorScheme });
          const section = shown.page.getByRole('region', { name: 'Billing history' });
          await section.getByText('Receipt sent').first().waitFor();
          await shown.page
            .getByRole('region', { name: 'Payment method' })
            .getByText('Mastercard ending in 4444')
            .waitFor();
          await expectNoAxeViolations(shown.page, `/account billing, ${size} ${colorScheme}`);
          await section.scrollIntoViewIfNeeded();
          await saveScreenshotWithoutOverflow(shown.page, `account-billing-${size}-${colorScheme}`);
        }
      }
    }, 120_000);

    it('saves screenshots of the checkout with the saved card at 390x844 and 1280x800, light and dark', async () => {
      const member = await verifiedMember();
      await asMember(member, 'POST', '/api/v1/memberships/user_plans/payment-method/update/', {
        payment_method_id: 'pm_card_visa',
      });
      const pack = await cheapestPack();
      // axe runs on the dark pages; the light ones only add their pictures (and the same overflow check).
      const schemes = SCREENSHOTS_WANTED ? (['light', 'dark'] as const) : (['dark'] as const);
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        for (const colorScheme of schemes) {
          const { page } = await open(member, `/checkout/${pack.id}`, { viewport, colorScheme });
          await page.getByRole('radio', { name: 'Visa ending in 4242' }).waitFor();
          if (colorScheme === 'dark') await expectNoAxeViolations(page, `saved card checkout, ${size} dark`);
          await saveScreenshotWithoutOverflow(page, `checkout-saved-card-${size}-${colorScheme}`);
        }
      }
    }, 120_000);
  },
);
