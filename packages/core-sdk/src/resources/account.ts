import { firstMessage } from '../http/error-mapping';
import { intent, type BodyOf, type CallOptions, type IntentOptions, type QueryOf } from '../http/operation';
import { emptyPageOn404 } from '../http/pages';
import type { Session } from '../session/session';
import { codeFieldMessage } from './auth';
import type { AccountResourceDeps, WithOptionalUid } from './deps';

/** Name and e-mail changes answer the user, which the session keeps. */
type Deps = AccountResourceDeps & { session: Pick<Session, 'setUser'> };

type QuestionnaireAnswer = WithOptionalUid<BodyOf<'createQuestionnaireAnswer'>>;

export function accountResource({ call, visitorId, hasToken, session }: Deps) {
  /** Optional-auth calls identify a visitor by uid when no token is held (docs/decisions.md#core-sdk). */
  const visitor = () => (hasToken() ? {} : { uid: visitorId.get() });
  const gone = { statuses: [404], value: () => null };
  const keepUser = async <U extends Parameters<typeof session.setUser>[0]>(answer: Promise<U>) => {
    const user = await answer;
    session.setUser(user);
    return user;
  };

  return {
    listQuestions: (query: QueryOf<'listQuestions'> = {}, options?: CallOptions) =>
      call('listQuestions', { query, fallback: emptyPageOn404(), ...options }),
    listAnswers: (query: QueryOf<'listAnswers'> = {}, options?: CallOptions) =>
      call('listAnswers', { query, fallback: emptyPageOn404(), ...options }),
    createAnswers: (body: BodyOf<'createAnswers'>, options?: CallOptions) =>
      call('createAnswers', { body, ...options }),

    /** A 400 carries its message under `text` (docs/product.md#error-catalogue). */
    updateAnswers: (body: BodyOf<'updateAnswers'>, options?: CallOptions) =>
      call('updateAnswers', {
        body,
        failureMessage: (failure, status) => (status === 400 ? firstMessage(failure?.text) : undefined),
        ...options,
      }),

    /** A 404 counts as success: the answer is gone either way (docs/product.md#account-calls). */
    async deleteAnswer(id: number, options?: CallOptions): Promise<void> {
      await call('deleteAnswer', { params: { id }, fallback: gone, ...options });
    },

    listRoasts: (query: QueryOf<'listRoasts'> = {}, options?: CallOptions) =>
      call('listRoasts', { query, fallback: emptyPageOn404(), ...options }),
    createRoast: (body: BodyOf<'createRoast'>, options?: CallOptions) =>
      call('createRoast', { body, ...options }),
    updateRoast: (id: number, body: BodyOf<'updateRoast'>, options?: CallOptions) =>
      call('updateRoast', { params: { id }, body, ...options }),
    /** A roast written by the wingmate, one message; the `Idempotency-Key` makes a retry answered and charged once. */
    generateRoast: (body: BodyOf<'generateRoast'>, options?: IntentOptions) =>
      call('generateRoast', { body, ...intent(options) }),
    listOffers: (query: QueryOf<'listOffers'> = {}, options?: CallOptions) =>
      call('listOffers', { query, fallback: emptyPageOn404(), ...options }),
    listQuestionnaires: (query: QueryOf<'listQuestionnaires'> = {}, options?: CallOptions) =>
      call('listQuestionnaires', { query, fallback: emptyPageOn404(), ...options }),
    getQuestionnaireAnswers: (id: number, options?: CallOptions) =>
      call('getQuestionnaireAnswers', { params: { id }, query: visitor(), ...options }),
    createQuestionnaireAnswer: (id: number, body: QuestionnaireAnswer, options?: CallOptions) =>
      call('createQuestionnaireAnswer', { params: { id }, body: { ...visitor(), ...body }, ...options }),
    updateQuestionnaireAnswer: (
      id: number,
      answerId: number,
      body: WithOptionalUid<BodyOf<'updateQuestionnaireAnswer'>>,
      options?: CallOptions,
    ) =>
      call('updateQuestionnaireAnswer', {
        params: { id, answerId },
        body: { ...visitor(), ...body },
        ...options,
      }),
    /** Signed out, the notices for everyone (by uid), so the rebrand banner shows to visitors too. */
    listMessages: (query: QueryOf<'listMessages'> = {}, options?: CallOptions) =>
      call('listMessages', { query: { ...visitor(), ...query }, fallback: emptyPageOn404(), ...options }),
    /** Marks a notice read for the signed-in user (theirs, or one for everyone); answers it. */
    markMessageRead: (id: number, options?: CallOptions) =>
      call('markMessageRead', { params: { id }, ...options }),
    createFeedback: (body: BodyOf<'createFeedback'>, options?: CallOptions) =>
      call('createFeedback', { body, ...options }),

    /** Sends a PIN or an e-mail code for a sensitive change (`phone_change`, `delete`, `set_password`); never signs in. */
    confirmUser: (body: BodyOf<'confirmUser'>, options?: CallOptions) =>
      call('confirmUser', { body, ...options }),
    /** First and last name; the session keeps the answered user. */
    updateUser: (body: BodyOf<'updateUser'>, options?: CallOptions) =>
      keepUser(call('updateUser', { body, ...options })),
    /**
     * With the password, or the code `confirmUser({purpose: 'email_change'})` sent, mails a code to the new
     * address; nothing changes until `confirmEmailChange`.
     */
    requestEmailChange: (body: BodyOf<'requestEmailChange'>, options?: CallOptions) =>
      call('requestEmailChange', { body, failureMessage: codeFieldMessage, ...options }),
    /** The new address with the code mailed to it; the session keeps the answered user. */
    confirmEmailChange: (body: BodyOf<'confirmEmailChange'>, options?: CallOptions) =>
      keepUser(call('confirmEmailChange', { body, failureMessage: codeFieldMessage, ...options })),

    /** Whether the member can text the wingmate, from which number, and whether that number opted out. */
    getSmsStatus: (options?: CallOptions) => call('getSmsStatus', options),

    /** Everything the server keeps about the user, as one JSON document. */
    exportUser: (options?: CallOptions) => call('exportUser', options),

    /** With the password, or the code `confirmUser({purpose: 'delete'})` sent; the session here ends too. */
    async deleteUser(body: BodyOf<'deleteUser'>, options?: CallOptions) {
      const answer = await call('deleteUser', { body, failureMessage: codeFieldMessage, ...options });
      session.forget();
      return answer;
    },
  };
}

export type AccountResource = ReturnType<typeof accountResource>;
