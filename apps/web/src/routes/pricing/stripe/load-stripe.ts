import { loadStripe, type Stripe } from '@stripe/stripe-js';

/** What the checkout shows when Stripe.js or its Payment Element cannot be loaded (blocked, offline). */
export const STRIPE_NOT_LOADED =
  'The card form could not be loaded. Check your connection and reload the page.';

const loading = new Map<string, Promise<Stripe>>();

/**
 * The Stripe instance for a publishable key, made once per page (Stripe asks for one instance, not one per render
 * or per visit to the checkout). A failed load is forgotten, so opening the checkout again tries again.
 */
export function stripeFor(publishableKey: string): Promise<Stripe> {
  let stripe = loading.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).then((loaded) => {
      // `loadStripe` answers null only outside a browser; here that means the script never ran.
      if (!loaded) throw new Error('Stripe.js is not available');
      return loaded;
    });
    stripe.catch(() => loading.delete(publishableKey));
    loading.set(publishableKey, stripe);
  }
  return stripe;
}
