import { createHash } from 'node:crypto';
import { analyticsDeviceId } from './device-id';

describe('the analytics device id (docs/decisions.md#the-sdk-surface-the-web-app-binds-to: a one-way hash of the uid, never the uid itself)', () => {
  const uid = '3f0b6c2e-8f4a-4d0e-9a55-1c2b3d4e5f60';

  it('is the SHA-256 of the uid, in hex', () => {
    expect(analyticsDeviceId(uid)).toBe(createHash('sha256').update(uid).digest('hex'));
  });

  it('does not contain the uid', () => {
    expect(analyticsDeviceId(uid)).not.toContain(uid);
  });
});
