/**
 * `abtest_verification` (docs/product.md#attribution-ab-tests-and-analytics): verify before chatting, or
 * after the free messages.
 */
export type VerificationVariant = 'control' | 'after_free';

export interface VerificationGateInput {
  /** The visitor's `abtest_verification` value; anything else (not assigned yet) counts as `control`. */
  variant: string | null | undefined;
  isLoggedIn: boolean;
  /** `is_member` of `GET /api/v1/user/info/`: a verified phone, a verified e-mail or a social sign-in. */
  isMember: boolean;
  /** Free messages left (`remaining_messages`; null = unlimited); undefined while the user info loads. */
  remainingMessages: number | null | undefined;
  /** Where to come back to afterwards (the chat's own path). */
  next: string;
}

export type VerificationGateResult =
  | { readonly kind: 'allowed' }
  /** A visitor without an account: sign up (phone PIN, e-mail, Google or Apple), then come back. */
  | { readonly kind: 'sign-up'; readonly path: string }
  /** Signed in with an e-mail not verified yet: enter the e-mailed code, then come back. */
  | { readonly kind: 'verify-email'; readonly path: string };

const ALLOWED: VerificationGateResult = { kind: 'allowed' };

/**
 * Decides whether a person may send a chat message now or must sign up / verify first. `control` asks for a
 * verified account before the first message; `after_free` lets the free messages be spent first (they follow
 * the person into the account either way, docs/product.md#messages-and-metering). Members always pass:
 * what they may still send is the chat's paywall (402), not this gate.
 */
export function verificationGate(input: VerificationGateInput): VerificationGateResult {
  if (input.isMember) return ALLOWED;
  if (input.variant === 'after_free') {
    const freeLeft =
      input.remainingMessages === undefined ||
      input.remainingMessages === null ||
      input.remainingMessages > 0;
    if (freeLeft) return ALLOWED;
  }
  const next = new URLSearchParams({ next: input.next }).toString();
  if (input.isLoggedIn) return { kind: 'verify-email', path: `/verify?method=email&${next}` };
  return { kind: 'sign-up', path: `/signup?${next}` };
}

/** The paywall a 402 (no messages left) opens: a member's plans or top-up, or the visitor's gate. */
export type NoMessagesPaywall =
  | { readonly kind: 'member' }
  | {
      readonly kind: 'visitor';
      readonly gate: Exclude<VerificationGateResult, { kind: 'allowed' }>;
      readonly outOfMessages: true;
    };

export interface NoMessagesInput {
  variant: string | null | undefined;
  isLoggedIn: boolean;
  /** The person's user info; null while it loads (just after a sign-in) or when its load failed. */
  info: { readonly is_member: boolean } | null;
  /** The user info's load failed: decide without it. */
  infoFailed: boolean;
  next: string;
}

/**
 * Which paywall a 402 opens. Signed in, it waits (null) while the person's user info loads: a send right after a
 * sign-up reaches its 402 before the new account's info, and deciding then took a member for a visitor to verify.
 * The caller asks again when the info comes.
 */
export function paywallAtNoMessages(input: NoMessagesInput): NoMessagesPaywall | null {
  if (input.isLoggedIn && !input.info && !input.infoFailed) return null;
  if (input.isLoggedIn && input.info?.is_member) return { kind: 'member' };
  const gate = verificationGate({
    variant: input.variant,
    isLoggedIn: input.isLoggedIn,
    isMember: false,
    remainingMessages: 0,
    next: input.next,
  });
  return gate.kind === 'allowed' ? { kind: 'member' } : { kind: 'visitor', gate, outOfMessages: true };
}
