import { defineRoutes } from './route';

/** Method, path and auth mode of each auth operation, with no schema code; `./auth.ts` spreads them. */
export const authRoutes = defineRoutes('auth', {
  registerPhone: ['POST', '/register/', 'public'],
  updatePhoneNumber: ['POST', '/phone_number/update/', 'required'],
  generatePin: ['POST', '/generate/', 'public'],
  verifyPin: ['POST', '/verify/', 'public'],
  login: ['POST', '/auth/login/', 'public'],
  registerEmail: ['POST', '/register/email/', 'public'],
  verifyEmail: ['POST', '/register/email/verify/', 'required'],
  resendEmailCode: ['POST', '/register/email/verify/resend/', 'required'],
  loginEmail: ['POST', '/register/login/', 'public'],
  getAuthUser: ['GET', '/auth/user/', 'required'],
  getUserInfo: ['GET', '/api/v1/user/info/', 'optional'],
  resetPasswordPhone: ['POST', '/auth/reset-password/', 'public'],
  resetPasswordEmail: ['POST', '/email/reset-password/', 'public'],
  confirmResetPasswordPhone: ['POST', '/auth/reset-password/confirm/', 'public'],
  confirmResetPasswordEmail: ['POST', '/email/reset-password/confirm/', 'public'],
  googleSignup: ['POST', '/api/auth/google/signup/', 'public'],
  googleLogin: ['POST', '/api/auth/google/', 'public'],
  appleLogin: ['POST', '/api/auth/apple/', 'public'],
  refreshToken: ['POST', '/auth/token/refresh/', 'public'],
  logout: ['POST', '/auth/logout/', 'public'],
  logoutAll: ['POST', '/auth/logout/all/', 'required'],
  changePassword: ['POST', '/auth/password/change/', 'required'],
  setPassword: ['POST', '/auth/password/set/', 'required'],
});

// How a client keeps its refresh token (docs/decisions.md#sessions-in-the-browser).

/**
 * The request header a browser client sends as `cookie` on the calls that start, renew or end a session: the
 * server then keeps the refresh token in an HttpOnly cookie and leaves it out of the JSON. Without it (`body`, the
 * default) the refresh token travels in the body, as mobile clients keep it.
 */
export const SESSION_MODE_HEADER = 'x-session-mode';

export type SessionMode = 'body' | 'cookie';

/** The HttpOnly cookie that holds the refresh token in cookie mode, sent back only to the refresh path. */
export const REFRESH_COOKIE = 'wingmate_refresh';
