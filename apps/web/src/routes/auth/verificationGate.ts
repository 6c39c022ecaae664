/** The gate's rules live in core-sdk; the chat screen and its paywall read them from here. */
export { verificationGate, type VerificationGateResult } from '@wingmate/core-sdk';
