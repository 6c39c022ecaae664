import { expectNoAxeViolations } from './support/axe';
import { chromiumAvailable } from './support/browser';
import { layoutShiftSince, observeLayoutShifts } from './support/layout-shifts';
import { chooseNecessaryCookies, openPage } from './support/pages';
import { startProductionStart } from './support/product';
import { saveScreenshot } from './support/screenshots';
import { setUpBrowserSuite } from './support/suite';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

describeInBrowser('the page of the production start (the API serving the web build on its own port)', () => {
  const suite = setUpBrowserSuite(startProductionStart);

  it('draws the rebrand banner with the first paint, so nothing moves when the notices call answers', async () => {
    const context = await suite.newContext();
    await chooseNecessaryCookies(context);
    await observeLayoutShifts(context);
    const { page } = await openPage(context, `${suite.product.webUrl}/pricing`, { consoleErrors: true });
    const banner = page.getByRole('region', { name: 'Announcement' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Welcome to Wingmate');
    // The lists come with the services and the plans; the notices call has answered by the time the page is idle.
    await page.getByRole('heading', { level: 2, name: 'Plans' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await layoutShiftSince(page, 0)).toBe(0);
    await saveScreenshot(page, 'production-start-pricing-banner');
    await expectNoAxeViolations(page, 'production start: /pricing with the rebrand banner');
  });
});
