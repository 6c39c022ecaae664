import { useEffect, useRef } from 'react';
import type { PaywallReason as FunnelPaywallReason } from '@wingmate/tracking';
import { useServices } from '../../stores/services';
import type { PaywallReason } from './PaywallDialog';

/** The funnel's name for why the paywall opened (docs/product.md#attribution-ab-tests-and-analytics). */
export function funnelPaywallReason(reason: PaywallReason): FunnelPaywallReason {
  if (reason.kind === 'member') return 'out_of_messages';
  if (reason.gate.kind === 'verify-email') return 'verify_email';
  return reason.outOfMessages ? 'free_messages_used' : 'sign_up_first';
}

/**
 * Sends `paywall_seen` once each time the paywall opens: only the screen knows it did. A new reason while it is
 * open (the user info reloading) is the same sighting, so it sends nothing.
 */
export function usePaywallSeen(reason: PaywallReason | null): void {
  const { funnel } = useServices();
  const open = useRef(false);
  useEffect(() => {
    const opening = reason !== null && !open.current;
    open.current = reason !== null;
    if (opening) void funnel.track('paywall_seen', { reason: funnelPaywallReason(reason), where: 'chat' });
  }, [reason, funnel]);
}
