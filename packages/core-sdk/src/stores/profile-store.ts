import type { Answer, Question, Questionnaire } from '@wingmate/api-contract';
import { collectPages } from '../http/pages';
import type { AccountResource } from '../resources/account';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

export type AnswerAction = 'save' | 'delete';

export interface ProfileState {
  questions: Question[];
  /** The member's answers, one per question at most. */
  answers: Answer[];
  questionnaires: Questionnaire[];
  /** The action running on each question's answer, by question id. */
  answering: Readonly<Record<number, AnswerAction>>;
  /** Why the last action on a question's answer failed (an ApiError, read into words by the screen). */
  answerErrors: Readonly<Record<number, unknown>>;
}

type ProfileSource = Pick<
  AccountResource,
  'listQuestions' | 'listAnswers' | 'listQuestionnaires' | 'createAnswers' | 'updateAnswers' | 'deleteAnswer'
>;

export interface ProfileStore extends ReadableStore<ProfileState> {
  /** Every page of the questions, the answers and the questionnaires; a cancelled load changes nothing. */
  load(signal?: AbortSignal): Promise<Pick<ProfileState, 'questions' | 'answers' | 'questionnaires'>>;
  /** Answers the question, or changes its answer; false when refused (`answerErrors`). */
  saveAnswer(question: number, text: string): Promise<boolean>;
  /** Deletes the question's answer (one already gone counts as deleted); false when refused. */
  deleteAnswer(question: number): Promise<boolean>;
  /** The member's answer to a question, if any. */
  answerTo(question: number): Answer | undefined;
}

const without = <V>(record: Readonly<Record<number, V>>, key: number): Record<number, V> => {
  const { [key]: _dropped, ...rest } = record;
  return rest;
};

/** The profile questions with the member's answers, and the questionnaires (docs/product.md#dating-bio-photos-profile). */
export function createProfileStore(account: ProfileSource): ProfileStore {
  const store = createStore<ProfileState>({
    questions: [],
    answers: [],
    questionnaires: [],
    answering: {},
    answerErrors: {},
  });

  async function load(signal?: AbortSignal) {
    const [questions, answers, questionnaires] = await Promise.all([
      collectPages((page) => account.listQuestions({ page }, { signal })),
      collectPages((page) => account.listAnswers({ page }, { signal })),
      collectPages((page) => account.listQuestionnaires({ page }, { signal })),
    ]);
    const loaded = { questions, answers, questionnaires };
    if (!signal?.aborted) store.setState(loaded);
    return loaded;
  }

  const answerTo = (question: number) =>
    store.getState().answers.find((answer) => answer.question === question);

  function keepAnswer(question: number, answer: Answer | undefined) {
    store.setState(({ answers }) => ({
      answers: [...answers.filter((kept) => kept.question !== question), ...(answer ? [answer] : [])],
    }));
  }

  async function act(question: number, action: AnswerAction, work: () => Promise<void>): Promise<boolean> {
    store.setState(({ answering, answerErrors }) => ({
      answering: { ...answering, [question]: action },
      answerErrors: without(answerErrors, question),
    }));
    try {
      await work();
      return true;
    } catch (error) {
      store.setState(({ answerErrors }) => ({ answerErrors: { ...answerErrors, [question]: error } }));
      return false;
    } finally {
      store.setState(({ answering }) => ({ answering: without(answering, question) }));
    }
  }

  const saveAnswer = (question: number, text: string) =>
    act(question, 'save', async () => {
      const answer = answerTo(question);
      const saved = answer
        ? await account.updateAnswers({ answers: [{ id: answer.id, text }] })
        : await account.createAnswers({ answers: [{ question, text }] });
      keepAnswer(question, saved.find((item) => item.question === question) ?? saved[0]);
    });

  const deleteAnswer = (question: number) =>
    act(question, 'delete', async () => {
      const answer = answerTo(question);
      if (!answer) return;
      await account.deleteAnswer(answer.id);
      keepAnswer(question, undefined);
    });

  return {
    ...readSide(store),
    load,
    saveAnswer,
    deleteAnswer,
    answerTo,
  };
}
