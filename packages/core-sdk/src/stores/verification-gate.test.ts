import { paywallAtNoMessages, verificationGate, type VerificationGateInput } from './verification-gate';

const visitor: VerificationGateInput = {
  variant: 'control',
  isLoggedIn: false,
  isMember: false,
  remainingMessages: 3,
  next: '/chat',
};

describe('abtest_verification decides when a visitor must sign up (docs/decisions.md#screens)', () => {
  it('control: a visitor signs up before the first message, even with free messages left', () => {
    expect(verificationGate(visitor)).toEqual({ kind: 'sign-up', path: '/signup?next=%2Fchat' });
  });

  it('after_free: a visitor chats while free messages are left', () => {
    expect(verificationGate({ ...visitor, variant: 'after_free' })).toEqual({ kind: 'allowed' });
    expect(verificationGate({ ...visitor, variant: 'after_free', remainingMessages: undefined })).toEqual({
      kind: 'allowed',
    });
  });

  it('after_free: with no free messages left the visitor signs up', () => {
    expect(verificationGate({ ...visitor, variant: 'after_free', remainingMessages: 0 })).toMatchObject({
      kind: 'sign-up',
    });
  });

  it('a variant not assigned yet counts as control', () => {
    expect(verificationGate({ ...visitor, variant: undefined })).toMatchObject({ kind: 'sign-up' });
  });

  it('a signed-in account with its e-mail not verified verifies it, then comes back', () => {
    expect(verificationGate({ ...visitor, isLoggedIn: true })).toEqual({
      kind: 'verify-email',
      path: '/verify?method=email&next=%2Fchat',
    });
  });

  it('members always pass: what they may send is the paywall’s business', () => {
    expect(verificationGate({ ...visitor, isLoggedIn: true, isMember: true, remainingMessages: 0 })).toEqual({
      kind: 'allowed',
    });
  });
});

describe('the paywall a 402 opens (docs/decisions.md#screens)', () => {
  const signedIn = { variant: 'after_free', isLoggedIn: true, infoFailed: false, next: '/chat' };

  it("waits while a signed-in person's user info loads, then opens a member's plans", () => {
    expect(paywallAtNoMessages({ ...signedIn, info: null })).toBeNull();
    expect(paywallAtNoMessages({ ...signedIn, info: { is_member: true } })).toEqual({ kind: 'member' });
  });

  it('asks an account with its e-mail not verified to verify it, and decides without info that failed to load', () => {
    const verify = {
      kind: 'visitor',
      gate: { kind: 'verify-email', path: '/verify?method=email&next=%2Fchat' },
      outOfMessages: true,
    };
    expect(paywallAtNoMessages({ ...signedIn, info: { is_member: false } })).toEqual(verify);
    expect(paywallAtNoMessages({ ...signedIn, info: null, infoFailed: true })).toEqual(verify);
  });

  it('asks a visitor out of free messages to sign up, with no user info needed', () => {
    expect(paywallAtNoMessages({ ...signedIn, isLoggedIn: false, info: null })).toEqual({
      kind: 'visitor',
      gate: { kind: 'sign-up', path: '/signup?next=%2Fchat' },
      outOfMessages: true,
    });
  });
});
