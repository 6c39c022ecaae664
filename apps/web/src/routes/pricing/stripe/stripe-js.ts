/**
 * The few parts of Stripe.js the checkout uses (https://docs.stripe.com/js), typed here because the
 * `@stripe/stripe-js` package is not among the web app's dependencies yet; `loadStripe` below is the one place
 * that touches the script, so swapping in the package later changes only this folder.
 */
export interface StripeError {
  type: string;
  code?: string;
  message?: string;
}

export interface StripePaymentElement {
  mount(element: HTMLElement): void;
  destroy(): void;
  on(event: 'ready', handler: () => void): void;
}

export interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripePaymentElement;
  submit(): Promise<{ error?: StripeError }>;
}

export interface StripeElementsOptions {
  mode: 'payment' | 'setup';
  /** In the currency's smallest unit (cents); payment mode only. */
  amount?: number;
  currency: string;
  /** The payment method is made by `createPaymentMethod` and sent to our API, which charges it. */
  paymentMethodCreation: 'manual';
  appearance?: Record<string, unknown>;
}

export interface Stripe {
  elements(options: StripeElementsOptions): StripeElements;
  createPaymentMethod(options: {
    elements: StripeElements;
  }): Promise<{ paymentMethod?: { id: string }; error?: StripeError }>;
  handleNextAction(options: { clientSecret: string }): Promise<{ error?: StripeError }>;
}

type StripeConstructor = (publishableKey: string) => Stripe;

const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

let loading: Promise<Stripe> | null = null;

/** Loads Stripe.js once (only the checkout calls this, and only with a publishable key configured). */
export function loadStripe(publishableKey: string): Promise<Stripe> {
  loading ??= new Promise<StripeConstructor>((resolve, reject) => {
    const existing = (window as { Stripe?: StripeConstructor }).Stripe;
    if (existing) return resolve(existing);
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => {
      const loaded = (window as { Stripe?: StripeConstructor }).Stripe;
      if (loaded) resolve(loaded);
      else reject(new Error('Stripe.js loaded without defining Stripe'));
    };
    script.onerror = () => reject(new Error('Stripe.js could not be loaded'));
    document.head.append(script);
  })
    .then((Stripe) => Stripe(publishableKey))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
