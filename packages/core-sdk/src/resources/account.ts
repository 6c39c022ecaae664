import { firstMessage } from '../http/error-mapping';
import { callOperation, type BodyOf, type QueryOf } from '../http/operation';
import { emptyPageOn404 } from '../http/pages';
import type { ResourceDeps, WithOptionalUid } from './deps';

export function accountResource({ http, visitorId, hasToken }: ResourceDeps) {
  /** Optional-auth calls identify a visitor by uid when no token is held (decisions.md, "Who may call what"). */
  const visitor = () => (hasToken() ? {} : { uid: visitorId.get() });

  return {
    listQuestions(query: QueryOf<'listQuestions'> = {}) {
      return callOperation<'listQuestions'>(http, {
        method: 'GET',
        path: '/api/v1/accounts/questions/',
        auth: 'required',
        query,
        fallback: emptyPageOn404(),
      });
    },

    listAnswers(query: QueryOf<'listAnswers'> = {}) {
      return callOperation<'listAnswers'>(http, {
        method: 'GET',
        path: '/api/v1/accounts/answers/',
        auth: 'required',
        query,
        fallback: emptyPageOn404(),
      });
    },

    createAnswers(body: BodyOf<'createAnswers'>) {
      return callOperation<'createAnswers'>(http, {
        method: 'POST',
        path: '/api/v1/accounts/answers/',
        auth: 'required',
        body,
      });
    },

    /** A 400 carries its message under `text` (spec 8). */
    updateAnswers(body: BodyOf<'updateAnswers'>) {
      return callOperation<'updateAnswers'>(http, {
        method: 'PUT',
        path: '/api/v1/accounts/answers/update/',
        auth: 'required',
        body,
        failureMessage: (failure, status) => (status === 400 ? firstMessage(failure?.text) : undefined),
      });
    },

    /** A 404 counts as success: the answer is gone either way (spec 7). */
    async deleteAnswer(id: number): Promise<void> {
      await callOperation<'deleteAnswer'>(http, {
        method: 'DELETE',
        path: '/api/v1/accounts/answers/{id}/delete/',
        auth: 'required',
        params: { id },
        fallback: { statuses: [404], value: () => null },
      });
    },

    listRoasts(query: QueryOf<'listRoasts'> = {}) {
      return callOperation<'listRoasts'>(http, {
        method: 'GET',
        path: '/api/v1/accounts/roasts/',
        auth: 'required',
        query,
        fallback: emptyPageOn404(),
      });
    },

    createRoast(body: BodyOf<'createRoast'>) {
      return callOperation<'createRoast'>(http, {
        method: 'POST',
        path: '/api/v1/accounts/roasts/',
        auth: 'required',
        body,
      });
    },

    updateRoast(id: number, body: BodyOf<'updateRoast'>) {
      return callOperation<'updateRoast'>(http, {
        method: 'PUT',
        path: '/api/v1/accounts/roasts/{id}/',
        auth: 'required',
        params: { id },
        body,
      });
    },

    listOffers(query: QueryOf<'listOffers'> = {}) {
      return callOperation<'listOffers'>(http, {
        method: 'GET',
        path: '/api/v1/offers/',
        auth: 'required',
        query,
        fallback: emptyPageOn404(),
      });
    },

    listQuestionnaires(query: QueryOf<'listQuestionnaires'> = {}) {
      return callOperation<'listQuestionnaires'>(http, {
        method: 'GET',
        path: '/api/v1/accounts/questionnaires/',
        auth: 'optional',
        query,
        fallback: emptyPageOn404(),
      });
    },

    getQuestionnaireAnswers(id: number) {
      return callOperation<'getQuestionnaireAnswers'>(http, {
        method: 'GET',
        path: '/api/v1/accounts/questionnaires/answers/{id}/',
        auth: 'optional',
        params: { id },
        query: visitor(),
      });
    },

    createQuestionnaireAnswer(id: number, body: WithOptionalUid<BodyOf<'createQuestionnaireAnswer'>>) {
      return callOperation<'createQuestionnaireAnswer'>(http, {
        method: 'POST',
        path: '/api/v1/accounts/questionnaires/{id}/answer/create/',
        auth: 'optional',
        params: { id },
        body: { ...visitor(), ...body },
      });
    },

    updateQuestionnaireAnswer(
      id: number,
      answerId: number,
      body: WithOptionalUid<BodyOf<'updateQuestionnaireAnswer'>>,
    ) {
      return callOperation<'updateQuestionnaireAnswer'>(http, {
        method: 'PUT',
        path: '/api/v1/accounts/questionnaires/{id}/answer/{answerId}/update/',
        auth: 'optional',
        params: { id, answerId },
        body: { ...visitor(), ...body },
      });
    },

    listMessages(query: QueryOf<'listMessages'> = {}) {
      return callOperation<'listMessages'>(http, {
        method: 'GET',
        path: '/api/v1/accounts/messages/',
        auth: 'required',
        query,
        fallback: emptyPageOn404(),
      });
    },

    createFeedback(body: BodyOf<'createFeedback'>) {
      return callOperation<'createFeedback'>(http, {
        method: 'POST',
        path: '/api/v1/accounts/user/feedback/create/',
        auth: 'required',
        body,
      });
    },
  };
}

export type AccountResource = ReturnType<typeof accountResource>;
