import type { PaymentProvider } from '../adapters/payments/ports';

type ChargingCall = 'createPaymentIntent' | 'confirmPaymentIntent';

export interface HeldProviderCall {
  /** Resolves when the first call has reached the provider (and waits there). */
  readonly reached: Promise<void>;
  /** Lets the held call go on to the provider's real method. */
  release(): void;
  /** Puts the provider's method back. */
  restore(): void;
}

/**
 * Stops the first call of `method` on `provider` at a fixed point inside the provider call, before the real one
 * runs, until `release()`: a competing request is then made while that charge is under way, with no timing
 * involved. Later calls go straight through, so a competitor that reaches the provider is charged at once.
 */
export function holdProviderCall(provider: PaymentProvider, method: ChargingCall): HeldProviderCall {
  const real = provider[method].bind(provider) as (...args: unknown[]) => Promise<unknown>;
  let arrived: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let held = false;
  const spy = jest.spyOn(provider, method).mockImplementation((async (...args: unknown[]) => {
    if (!held) {
      held = true;
      arrived();
      await gate;
    }
    return real(...args);
  }) as never);
  return { reached, release: open, restore: () => spy.mockRestore() };
}
