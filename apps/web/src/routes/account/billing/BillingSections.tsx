import { BillingHistorySection } from './BillingHistorySection';
import { PaymentMethodSection } from './PaymentMethodSection';
import { PlansSection } from './PlansSection';
import { SpendingCapSection } from './SpendingCapSection';
import { UsageSection } from './UsageSection';

/**
 * The billing part of `/account` (docs/decisions.md#money-at-checkout): plans (cancel, resume, change), message
 * usage, the saved card, the billing history and the monthly spending cap. The account page mounts it; it needs no
 * props.
 */
export function BillingSections() {
  return (
    <>
      <PlansSection />
      <UsageSection />
      <PaymentMethodSection />
      <BillingHistorySection />
      <SpendingCapSection />
    </>
  );
}
