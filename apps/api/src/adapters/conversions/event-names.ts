/**
 * The conversion names the server takes (docs/decisions.md#attribution-and-ab): the three it records itself, plus the
 * standard web events the web app may send. Any other name is refused with 400, so typos never reach a platform.
 */
export const conversionEventNames = [
  'CompleteRegistration',
  'StartTrial',
  'Purchase',
  'PageView',
  'ViewContent',
  'Lead',
  'InitiateCheckout',
  'AddPaymentInfo',
  'Subscribe',
] as const;
export type ConversionEventName = (typeof conversionEventNames)[number];

export function isConversionEventName(name: string): name is ConversionEventName {
  return (conversionEventNames as readonly string[]).includes(name);
}

/**
 * The conversions the server records itself, when the account is made or the payment settles
 * (docs/decisions.md#client-conversions); a client's post of one would count it twice, or forge it.
 */
export const serverOwnedEventNames = ['CompleteRegistration', 'StartTrial', 'Purchase'] as const;
export type ServerOwnedEventName = (typeof serverOwnedEventNames)[number];

export function isServerOwnedEventName(name: string): name is ServerOwnedEventName {
  return (serverOwnedEventNames as readonly string[]).includes(name);
}

/** TikTok's event codes; StartTrial is no standard TikTok event, so it goes as a custom one of that name. */
export const tiktokEventNames: Record<ConversionEventName, string> = {
  CompleteRegistration: 'CompleteRegistration',
  StartTrial: 'StartTrial',
  Purchase: 'Purchase',
  PageView: 'Pageview',
  ViewContent: 'ViewContent',
  Lead: 'Lead',
  InitiateCheckout: 'InitiateCheckout',
  AddPaymentInfo: 'AddPaymentInfo',
  Subscribe: 'Subscribe',
};

/** Snap's event types; Lead has none, so it is Snap's first custom event. */
export const snapchatEventNames: Record<ConversionEventName, string> = {
  CompleteRegistration: 'SIGN_UP',
  StartTrial: 'START_TRIAL',
  Purchase: 'PURCHASE',
  PageView: 'PAGE_VIEW',
  ViewContent: 'VIEW_CONTENT',
  Lead: 'CUSTOM_EVENT_1',
  InitiateCheckout: 'START_CHECKOUT',
  AddPaymentInfo: 'ADD_BILLING',
  Subscribe: 'SUBSCRIBE',
};

/** Pinterest's event names (checkout, signup, lead, page_visit, custom, ...). */
export const pinterestEventNames: Record<ConversionEventName, string> = {
  CompleteRegistration: 'signup',
  StartTrial: 'custom',
  Purchase: 'checkout',
  PageView: 'page_visit',
  ViewContent: 'page_visit',
  Lead: 'lead',
  InitiateCheckout: 'custom',
  AddPaymentInfo: 'custom',
  Subscribe: 'custom',
};
