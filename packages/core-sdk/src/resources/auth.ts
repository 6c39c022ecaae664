import { ApiError } from '../errors/api-error';
import { errorMessages } from '../errors/messages';
import { withoutEmpty } from '../http/body';
import { firstMessage, type FailureMessage } from '../http/error-mapping';
import { callOperation, type BodyOf, type ResponseOf } from '../http/operation';
import type { AuthResourceDeps } from './deps';

/** The spec's basic address pattern (spec 5); the same as the contract's `emailPattern`. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const names = ['first_name', 'last_name'] as const;

/** PIN regenerate and verify: the response's `error` (or its `detail`, e.g. a rate limit), else "Error {status}" (spec 8). */
const pinFailure: FailureMessage = (body, status) =>
  firstMessage(body?.error) ?? firstMessage(body?.detail) ?? errorMessages.pinStatus(status);

export function authResource({ http, session, visitorId }: AuthResourceDeps) {
  const uid = () => visitorId.peek() ?? undefined;
  const signedIn = <T extends { access: string; refresh: string; user: ResponseOf<'getAuthUser'> }>(
    answer: T,
  ) => {
    session.signIn(answer);
    return answer;
  };

  return {
    registerPhone(body: BodyOf<'registerPhone'>) {
      session.rememberContact({ phone_number: body.phone_number });
      return callOperation<'registerPhone'>(http, {
        method: 'POST',
        path: '/register/',
        auth: 'public',
        body: withoutEmpty({ uid: uid(), ...body }, [...names, 'uid']),
        failureMessage: (failure) => firstMessage(failure?.phone_number),
      });
    },

    updatePhoneNumber(body: BodyOf<'updatePhoneNumber'>) {
      return callOperation<'updatePhoneNumber'>(http, {
        method: 'POST',
        path: '/phone_number/update/',
        auth: 'required',
        body: withoutEmpty(body, names),
        failureMessage: (failure) => firstMessage(failure?.error),
      });
    },

    generatePin(body: BodyOf<'generatePin'>) {
      return callOperation<'generatePin'>(http, {
        method: 'POST',
        path: '/generate/',
        auth: 'public',
        body,
        failureMessage: pinFailure,
      });
    },

    async verifyPin(body: BodyOf<'verifyPin'>) {
      return signedIn(
        await callOperation<'verifyPin'>(http, {
          method: 'POST',
          path: '/verify/',
          auth: 'public',
          body: withoutEmpty({ uid: uid(), ...body }, ['uid']),
          failureMessage: pinFailure,
        }),
      );
    },

    async login(body: BodyOf<'login'>) {
      return signedIn(
        await callOperation<'login'>(http, { method: 'POST', path: '/auth/login/', auth: 'public', body }),
      );
    },

    /** An invalid address is refused here with 400 and nothing is sent (spec 5). */
    async registerEmail(body: BodyOf<'registerEmail'>) {
      if (!EMAIL_PATTERN.test(body.email))
        throw new ApiError({ status: 400, message: errorMessages.invalidEmail });
      session.rememberContact({ email: body.email });
      return signedIn(
        await callOperation<'registerEmail'>(http, {
          method: 'POST',
          path: '/register/email/',
          auth: 'public',
          body: withoutEmpty({ uid: uid(), ...body }, [...names, 'password', 'uid']),
        }),
      );
    },

    verifyEmail(body: BodyOf<'verifyEmail'>) {
      return callOperation<'verifyEmail'>(http, {
        method: 'POST',
        path: '/register/email/verify/',
        auth: 'required',
        body,
      });
    },

    async loginEmail(body: BodyOf<'loginEmail'>) {
      return signedIn(
        await callOperation<'loginEmail'>(http, {
          method: 'POST',
          path: '/register/login/',
          auth: 'public',
          body,
        }),
      );
    },

    getAuthUser() {
      return callOperation<'getAuthUser'>(http, { method: 'GET', path: '/auth/user/', auth: 'required' });
    },

    getUserInfo() {
      return callOperation<'getUserInfo'>(http, {
        method: 'GET',
        path: '/api/v1/user/info/',
        auth: 'required',
      });
    },

    resetPasswordPhone(body: BodyOf<'resetPasswordPhone'>) {
      return callOperation<'resetPasswordPhone'>(http, {
        method: 'POST',
        path: '/auth/reset-password/',
        auth: 'public',
        body,
      });
    },

    resetPasswordEmail(body: BodyOf<'resetPasswordEmail'>) {
      return callOperation<'resetPasswordEmail'>(http, {
        method: 'POST',
        path: '/email/reset-password/',
        auth: 'public',
        body,
      });
    },

    confirmResetPasswordPhone(body: BodyOf<'confirmResetPasswordPhone'>) {
      return callOperation<'confirmResetPasswordPhone'>(http, {
        method: 'POST',
        path: '/auth/reset-password/confirm/',
        auth: 'public',
        body,
      });
    },

    confirmResetPasswordEmail(body: BodyOf<'confirmResetPasswordEmail'>) {
      return callOperation<'confirmResetPasswordEmail'>(http, {
        method: 'POST',
        path: '/email/reset-password/confirm/',
        auth: 'public',
        body,
      });
    },

    async googleSignup(body: BodyOf<'googleSignup'>) {
      return signedIn(
        await callOperation<'googleSignup'>(http, {
          method: 'POST',
          path: '/api/auth/google/signup/',
          auth: 'public',
          body: withoutEmpty({ uid: uid(), ...body }, ['uid']),
        }),
      );
    },

    async googleLogin(body: BodyOf<'googleLogin'>) {
      return signedIn(
        await callOperation<'googleLogin'>(http, {
          method: 'POST',
          path: '/api/auth/google/',
          auth: 'public',
          body: withoutEmpty({ uid: uid(), ...body }, ['uid']),
        }),
      );
    },

    async appleLogin(body: BodyOf<'appleLogin'>) {
      return signedIn(
        await callOperation<'appleLogin'>(http, {
          method: 'POST',
          path: '/api/auth/apple/',
          auth: 'public',
          body: withoutEmpty({ uid: uid(), ...body }, [...names, 'uid']),
        }),
      );
    },

    refreshToken(body: BodyOf<'refreshToken'>) {
      return callOperation<'refreshToken'>(http, {
        method: 'POST',
        path: '/auth/token/refresh/',
        auth: 'public',
        body,
      });
    },

    logout(body: BodyOf<'logout'>) {
      return callOperation<'logout'>(http, { method: 'POST', path: '/auth/logout/', auth: 'public', body });
    },
  };
}

export type AuthResource = ReturnType<typeof authResource>;
