import type { FastifyBaseLogger } from 'fastify';
import { IdentityRejectedError, type VerifiedIdentity } from '../../adapters/identity/ports';
import { Problem } from '../../problem';

/**
 * Runs a provider check. A rejected token (wrong audience, expired, unknown key, bad signature) is the client's
 * input failing: 400 with the reason under the token's field, as the contract says. A provider that cannot be
 * reached is no fault of the client: 503.
 */
export async function checkedIdentity(
  field: 'access_token' | 'identity_token',
  verify: () => Promise<VerifiedIdentity>,
  log: FastifyBaseLogger,
): Promise<VerifiedIdentity> {
  try {
    return await verify();
  } catch (error) {
    if (error instanceof IdentityRejectedError) throw Problem.field(field, error.message);
    const provider = field === 'access_token' ? 'Google' : 'Apple';
    log.error({ err: error }, `${provider} sign-in check failed`);
    throw Problem.detail(503, `${provider} sign-in is unavailable right now. Please try again in a moment.`);
  }
}
