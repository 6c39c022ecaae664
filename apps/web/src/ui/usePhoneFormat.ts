import { useEffect, useState } from 'react';
import type * as phoneFormat from './phone-format';

export type PhoneFormat = typeof phoneFormat;

let loading: Promise<PhoneFormat> | undefined;

/**
 * libphonenumber and its metadata (about 30 KB gzipped), fetched when a phone field first shows rather than with
 * the screen: the sign-in screens paint without it, and a person who signs in by e-mail never needs it. A failed
 * load is forgotten, so the next use tries again.
 */
export function loadPhoneFormat(): Promise<PhoneFormat> {
  loading ??= import('./phone-format').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The phone formatting functions once loaded (null until then; the field shows the digits as typed meanwhile). */
export function usePhoneFormat(): PhoneFormat | null {
  const [format, setFormat] = useState<PhoneFormat | null>(null);
  useEffect(() => {
    let current = true;
    loadPhoneFormat().then(
      (loaded) => current && setFormat(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return format;
}
