import { verificationGate, type VerificationGateInput } from './verification-gate';

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
