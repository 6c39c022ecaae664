import { ApiError } from '../errors/api-error';
import { errorMessages } from '../errors/messages';
import { withoutEmpty } from '../http/body';
import { firstMessage, type FailureMessage } from '../http/error-mapping';
import type { BodyOf, CallOptions } from '../http/operation';
import type { Session, SignInAnswer } from '../session/session';
import type { AuthResourceDeps } from './deps';

/** The auth calls also end the session here (`logoutAll`) and keep the server's newer user (`setPassword`). */
type Deps = AuthResourceDeps & { session: Pick<Session, 'forget' | 'setUser'> };

/** The spec's basic address pattern (docs/product.md#validation); the same as the contract's `emailPattern`. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const names = ['first_name', 'last_name'] as const;

/**
 * PIN regenerate and verify: the response's `error` (or its `detail`, e.g. a rate limit), else "Error {status}"
 * (docs/product.md#error-catalogue).
 */
const pinFailure: FailureMessage = (body, status) =>
  firstMessage(body?.error) ?? firstMessage(body?.detail) ?? errorMessages.pinStatus(status);

/**
 * Calls that take a six-digit `code` answer its field errors under `code`, which the generic reading skips (DRF's
 * error code has that name): read the field's message first.
 */
export const codeFieldMessage: FailureMessage = (body) =>
  Array.isArray(body?.code) ? firstMessage(body.code) : undefined;

export function authResource({ call, session, visitorId, hasToken }: Deps) {
  /**
   * The visitor's uid joins sign-ups and sign-ins, so what it did before belongs to the account
   * (docs/product.md#authentication-calls).
   */
  const withUid = <B extends object>(body: B, empty: readonly string[] = []) =>
    withoutEmpty({ uid: visitorId.peek() ?? undefined, ...body }, ['uid', ...empty] as (keyof B | 'uid')[]);
  /**
   * Answers that carry tokens sign in (a phone-change `/verify/` answers `{user}` only,
   * docs/decisions.md#sign-in-and-account-security).
   */
  const signIn = async <T>(answer: Promise<T>): Promise<T> => {
    const value = await answer;
    if ((value as Partial<SignInAnswer>)?.access) session.signIn(value as SignInAnswer);
    return value;
  };

  return {
    registerPhone(body: BodyOf<'registerPhone'>, options?: CallOptions) {
      session.rememberContact({ phone_number: body.phone_number });
      const failureMessage: FailureMessage = (failure) => firstMessage(failure?.phone_number);
      return call('registerPhone', { body: withUid(body, names), failureMessage, ...options });
    },
    updatePhoneNumber: (body: BodyOf<'updatePhoneNumber'>, options?: CallOptions) =>
      call('updatePhoneNumber', {
        body: withoutEmpty(body, names),
        failureMessage: (failure) => firstMessage(failure?.error),
        ...options,
      }),
    generatePin: (body: BodyOf<'generatePin'>, options?: CallOptions) =>
      call('generatePin', { body, failureMessage: pinFailure, ...options }),
    verifyPin: (body: BodyOf<'verifyPin'>, options?: CallOptions) =>
      signIn(call('verifyPin', { body: withUid(body), failureMessage: pinFailure, ...options })),
    login: (body: BodyOf<'login'>, options?: CallOptions) =>
      signIn(call('login', { body: withUid(body), ...options })),

    /** An invalid address is refused here with 400 and nothing is sent (docs/product.md#validation). */
    async registerEmail(body: BodyOf<'registerEmail'>, options?: CallOptions) {
      if (!EMAIL_PATTERN.test(body.email))
        throw new ApiError({ status: 400, message: errorMessages.invalidEmail });
      session.rememberContact({ email: body.email });
      return signIn(call('registerEmail', { body: withUid(body, [...names, 'password']), ...options }));
    },

    verifyEmail: (body: BodyOf<'verifyEmail'>, options?: CallOptions) =>
      call('verifyEmail', { body, failureMessage: codeFieldMessage, ...options }),
    /** A new code for the signed-in user's address (1 a minute, 5 an hour); the old one stops working. */
    resendEmailCode: (options?: CallOptions) => call('resendEmailCode', options),
    loginEmail: (body: BodyOf<'loginEmail'>, options?: CallOptions) =>
      signIn(call('loginEmail', { body: withUid(body), ...options })),
    getAuthUser: (options?: CallOptions) => call('getAuthUser', options),
    /** Signed out, the visitor's uid gives its free messages left (optional-auth: docs/decisions.md#calls). */
    getUserInfo: (options?: CallOptions) =>
      call('getUserInfo', { query: hasToken() ? {} : { uid: visitorId.get() }, ...options }),
    resetPasswordPhone: (body: BodyOf<'resetPasswordPhone'>, options?: CallOptions) =>
      call('resetPasswordPhone', { body, ...options }),
    resetPasswordEmail: (body: BodyOf<'resetPasswordEmail'>, options?: CallOptions) =>
      call('resetPasswordEmail', { body, ...options }),
    confirmResetPasswordPhone: (body: BodyOf<'confirmResetPasswordPhone'>, options?: CallOptions) =>
      call('confirmResetPasswordPhone', { body, failureMessage: codeFieldMessage, ...options }),
    confirmResetPasswordEmail: (body: BodyOf<'confirmResetPasswordEmail'>, options?: CallOptions) =>
      call('confirmResetPasswordEmail', { body, failureMessage: codeFieldMessage, ...options }),
    googleSignup: (body: BodyOf<'googleSignup'>, options?: CallOptions) =>
      signIn(call('googleSignup', { body: withUid(body), ...options })),
    googleLogin: (body: BodyOf<'googleLogin'>, options?: CallOptions) =>
      signIn(call('googleLogin', { body: withUid(body), ...options })),
    appleLogin: (body: BodyOf<'appleLogin'>, options?: CallOptions) =>
      signIn(call('appleLogin', { body: withUid(body, names), ...options })),

    /**
     * Never retried by the transport: a retried refresh would spend the rotated token twice
     * (docs/decisions.md#the-sdk-surface-the-web-app-binds-to).
     */
    refreshToken: (body: BodyOf<'refreshToken'>, options?: CallOptions) =>
      call('refreshToken', { body, retry: false, ...options }),
    logout: (body: BodyOf<'logout'>, options?: CallOptions) => call('logout', { body, ...options }),

    /**
     * Signs out every session of the user; this one is then forgotten here like a logout
     * (docs/decisions.md#signing-out).
     */
    async logoutAll(options?: CallOptions) {
      const answer = await call('logoutAll', options);
      session.forget();
      return answer;
    },

    /** Every other session is signed out; this one goes on with the pair the server answers. */
    changePassword: (body: BodyOf<'changePassword'>, options?: CallOptions) =>
      signIn(call('changePassword', { body, ...options })),

    /** For an account without a password, with the code of `account.confirmUser({purpose: 'set_password'})`. */
    async setPassword(body: BodyOf<'setPassword'>, options?: CallOptions) {
      const user = await call('setPassword', { body, failureMessage: codeFieldMessage, ...options });
      session.setUser(user);
      return user;
    },
  };
}

export type AuthResource = ReturnType<typeof authResource>;
