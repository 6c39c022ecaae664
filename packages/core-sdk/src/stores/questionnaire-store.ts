import type { Questionnaire, QuestionnaireAnswer } from '@wingmate/api-contract';
import { isApiError } from '../errors/api-error';
import { collectPages } from '../http/pages';
import type { AccountResource } from '../resources/account';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

export interface QuestionnaireState {
  /** Null when no questionnaire has the loaded id. */
  questionnaire: Questionnaire | null;
  /** The caller's answers (by token, else by uid); null when not answered yet. */
  answer: QuestionnaireAnswer | null;
  saving: boolean;
  /** Why the last save failed (an ApiError, read into words by the screen). */
  saveError: unknown;
}

type QuestionnaireSource = Pick<
  AccountResource,
  'listQuestionnaires' | 'getQuestionnaireAnswers' | 'createQuestionnaireAnswer' | 'updateQuestionnaireAnswer'
>;

/** One answer per question: the texts given, trimmed, in the questionnaire's order; blank ones left out. */
export function questionnaireAnswers(questionnaire: Questionnaire, texts: Readonly<Record<number, string>>) {
  return questionnaire.questions
    .map((question) => ({ question: question.id, text: (texts[question.id] ?? '').trim() }))
    .filter((item) => item.text);
}

export interface QuestionnaireStore extends ReadableStore<QuestionnaireState> {
  /** The questionnaire with this id and the caller's answers; a cancelled load changes nothing. */
  load(id: number, signal?: AbortSignal): Promise<Pick<QuestionnaireState, 'questionnaire' | 'answer'>>;
  /**
   * Sends the answers given (`questionnaireAnswers`), as a first answer or a change of the caller's; the saved
   * answer, or null when refused (`saveError`).
   */
  save(texts: Readonly<Record<number, string>>): Promise<QuestionnaireAnswer | null>;
}

const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

/** A questionnaire, open to visitors by uid (docs/product.md#dating-bio-photos-profile), and its answers. */
export function createQuestionnaireStore(account: QuestionnaireSource): QuestionnaireStore {
  const store = createStore<QuestionnaireState>({
    questionnaire: null,
    answer: null,
    saving: false,
    saveError: null,
  });

  async function load(id: number, signal?: AbortSignal) {
    if (!Number.isInteger(id) || id < 1) {
      store.setState({ questionnaire: null, answer: null });
      return { questionnaire: null, answer: null };
    }
    const [questionnaires, answer] = await Promise.all([
      collectPages((page) => account.listQuestionnaires({ page }, { signal })),
      account.getQuestionnaireAnswers(id, { signal }).catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      }),
    ]);
    const loaded = { questionnaire: questionnaires.find((item) => item.id === id) ?? null, answer };
    if (!signal?.aborted) store.setState(loaded);
    return loaded;
  }

  async function save(texts: Readonly<Record<number, string>>) {
    const { questionnaire, answer } = store.getState();
    if (!questionnaire) return null;
    const answers = questionnaireAnswers(questionnaire, texts);
    store.setState({ saving: true, saveError: null });
    try {
      const saved = answer
        ? await account.updateQuestionnaireAnswer(questionnaire.id, answer.id, { answers })
        : await account.createQuestionnaireAnswer(questionnaire.id, { answers });
      store.setState({ answer: saved });
      return saved;
    } catch (error) {
      store.setState({ saveError: error });
      return null;
    } finally {
      store.setState({ saving: false });
    }
  }

  return {
    ...readSide(store),
    load,
    save,
  };
}
