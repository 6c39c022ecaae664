/** Where a person goes after signing in when no `next` was asked for: the chat, the product's heart. */
export const DEFAULT_AFTER_SIGN_IN = '/chat';

const ORIGIN = 'http://same-origin.invalid';
const AUTH_SCREENS = ['/login', '/signup', '/verify', '/reset-password'];

/**
 * The `?next=` a sign-in screen may send the person back to: only a path on this site. Anything that could
 * leave the origin (`//evil.example`, `/\evil.example`, `https://...`, `javascript:`) falls back, since an open
 * redirect after sign-in is a classic phishing aid. Another sign-in screen falls back too (no loops).
 */
export function safeNextPath(raw: string | null | undefined, fallback = DEFAULT_AFTER_SIGN_IN): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  // Control characters and backslashes are read differently by browsers; nothing legitimate needs them.
  if ([...raw].some((char) => char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) {
    return fallback;
  }
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN) return fallback;
  if (AUTH_SCREENS.includes(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}

/** `path?next=...` carrying the destination from one sign-in screen to the next (none when it is the default). */
export function withNext(path: string, next: string, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(extra);
  if (next !== DEFAULT_AFTER_SIGN_IN) query.set('next', next);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
