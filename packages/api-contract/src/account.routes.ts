import { defineRoutes } from './route';

/** Method, path and auth mode of each account operation, with no schema code; `./account.ts` spreads them. */
export const accountRoutes = defineRoutes('account', {
  listQuestions: ['GET', '/api/v1/accounts/questions/', 'required'],
  listAnswers: ['GET', '/api/v1/accounts/answers/', 'required'],
  createAnswers: ['POST', '/api/v1/accounts/answers/', 'required'],
  updateAnswers: ['PUT', '/api/v1/accounts/answers/update/', 'required'],
  deleteAnswer: ['DELETE', '/api/v1/accounts/answers/{id}/delete/', 'required'],
  listRoasts: ['GET', '/api/v1/accounts/roasts/', 'required'],
  createRoast: ['POST', '/api/v1/accounts/roasts/', 'required'],
  updateRoast: ['PUT', '/api/v1/accounts/roasts/{id}/', 'required'],
  generateRoast: ['POST', '/api/v1/accounts/roasts/generate/', 'required'],
  getSmsStatus: ['GET', '/api/v1/accounts/sms/', 'required'],
  listOffers: ['GET', '/api/v1/offers/', 'optional'],
  listQuestionnaires: ['GET', '/api/v1/accounts/questionnaires/', 'optional'],
  getQuestionnaireAnswers: ['GET', '/api/v1/accounts/questionnaires/answers/{id}/', 'optional'],
  createQuestionnaireAnswer: ['POST', '/api/v1/accounts/questionnaires/{id}/answer/create/', 'optional'],
  updateQuestionnaireAnswer: [
    'PUT',
    '/api/v1/accounts/questionnaires/{id}/answer/{answerId}/update/',
    'optional',
  ],
  listMessages: ['GET', '/api/v1/accounts/messages/', 'optional'],
  markMessageRead: ['POST', '/api/v1/accounts/messages/{id}/read/', 'required'],
  createFeedback: ['POST', '/api/v1/accounts/user/feedback/create/', 'required'],
  confirmUser: ['POST', '/api/v1/accounts/user/confirm/', 'required'],
  updateUser: ['POST', '/api/v1/accounts/user/update/', 'required'],
  requestEmailChange: ['POST', '/api/v1/accounts/user/email/change/', 'required'],
  confirmEmailChange: ['POST', '/api/v1/accounts/user/email/change/confirm/', 'required'],
  exportUser: ['GET', '/api/v1/accounts/user/export/', 'required'],
  deleteUser: ['POST', '/api/v1/accounts/user/delete/', 'required'],
});
