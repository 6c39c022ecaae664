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
