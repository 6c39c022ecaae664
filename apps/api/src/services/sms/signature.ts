import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's `X-Twilio-Signature` of a form-encoded webhook: the base64 HMAC-SHA1, keyed with the account's auth
 * token, of the URL Twilio posted to followed by every field's name and value, the names sorted
 * (docs/decisions.md#a-wingmate-by-text-message).
 */
export function twilioSignature(
  authToken: string,
  url: string,
  fields: Readonly<Record<string, string>>,
): string {
  const signed = Object.keys(fields)
    .sort()
    .reduce((text, name) => text + name + fields[name], url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

/** Whether `signature` is Twilio's for this URL and these fields, compared in constant time. */
export function isTwilioSignatureValid(
  authToken: string,
  signature: string | undefined,
  url: string,
  fields: Readonly<Record<string, string>>,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, fields));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
