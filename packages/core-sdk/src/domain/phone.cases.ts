/**
 * US phone numbers as typed, and how they are shown and sent (docs/product.md#the-user, docs/product.md#validation,
 * docs/product.md#constants-and-limits).
 */
export const phoneCases: { typed: string; display: string; e164: string | null; system: string }[] = [
  { typed: '2133734253', display: '(213) 373-4253', e164: '+12133734253', system: '+1 (213) 373-4253' },
  { typed: '(213) 373-4253', display: '(213) 373-4253', e164: '+12133734253', system: '+1 (213) 373-4253' },
  { typed: '213-373-4253', display: '(213) 373-4253', e164: '+12133734253', system: '+1 (213) 373-4253' },
  { typed: '+1 213 373 4253', display: '(213) 373-4253', e164: '+12133734253', system: '+1 (213) 373-4253' },
  { typed: '12133734253', display: '(213) 373-4253', e164: '+12133734253', system: '+1 (213) 373-4253' },
  { typed: '+15551234567', display: '(555) 123-4567', e164: '+15551234567', system: '+1 (555) 123-4567' },
  { typed: '123', display: '123', e164: null, system: '123' },
  { typed: '+44 20 7946 0958', display: '+44 20 7946 0958', e164: null, system: '+44 20 7946 0958' },
  { typed: '', display: '', e164: null, system: '' },
];
