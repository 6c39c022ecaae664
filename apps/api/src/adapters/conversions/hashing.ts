import { createHash } from 'node:crypto';

/** SHA-256 as lowercase hex, the form every ad platform matches personal data in. */
export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** E-mail addresses are matched trimmed and lowercased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Phone numbers are matched as digits only, country code included (E.164 without the `+`). */
export function normalisePhone(phone: string): string {
  return phone.replace(/\D/g, '');
}

export function hashedEmail(email: string | undefined): string | undefined {
  const normalised = email && normaliseEmail(email);
  return normalised ? sha256(normalised) : undefined;
}

export function hashedPhone(phone: string | undefined): string | undefined {
  const normalised = phone && normalisePhone(phone);
  return normalised ? sha256(normalised) : undefined;
}

export function hashedId(id: string | undefined): string | undefined {
  return id ? sha256(id.trim()) : undefined;
}
