import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '../../ui/Spinner';

/**
 * `/pricing` around its lists: the title, heading and introduction. It is in the entry, so the first visit to
 * `/pricing` paints it (with `PlansLoading`) before the page's code and the plans arrive (`PricingShell`).
 */
export function PricingLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-12 px-gutter py-10 sm:py-14">
      <title>Pricing: Wingmate</title>
      <div className="flex flex-col gap-3">
        <h1 className="text-4xl font-semibold text-ink sm:text-5xl">Pricing</h1>
        <p className="max-w-2xl text-lg text-ink-muted">
          Pay for messages as you go, or subscribe for more. No hidden fees; cancel a subscription any time.
        </p>
        <p>
          <Link
            to="/checkout/top-up"
            className="font-medium text-brand underline underline-offset-4 hover:no-underline"
          >
            Or buy messages for an amount you choose
          </Link>
        </p>
      </div>
      {children}
    </div>
  );
}

/** The lists' place while they load: a screen's height, so the footer starts below the fold and stays out of view. */
export function PlansLoading() {
  return (
    <div className="min-h-svh">
      <Spinner label="Loading the plans" />
    </div>
  );
}

/** What the first visit to `/pricing` paints before the page's code and the services arrive. */
export function PricingShell() {
  return (
    <PricingLayout>
      <PlansLoading />
    </PricingLayout>
  );
}
