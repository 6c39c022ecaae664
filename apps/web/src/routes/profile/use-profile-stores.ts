import {
  createProfileStore,
  createQuestionnaireStore,
  createRoastsStore,
  type ProfileStore,
  type QuestionnaireStore,
  type RoastsStore,
} from '@wingmate/core-sdk';
import { useScreenStore } from '../../stores/screen-store';

/** The profile's questions and answers, made once for as long as the screen is open. */
export function useProfileStore(): ProfileStore {
  return useScreenStore((client) => createProfileStore(client.account));
}

/** The questionnaire on screen and its answers, made once for as long as the screen is open. */
export function useQuestionnaireStore(): QuestionnaireStore {
  return useScreenStore((client) => createQuestionnaireStore(client.account));
}

/** The member's roasts, made once for as long as the screen is open. */
export function useRoastsStore(): RoastsStore {
  return useScreenStore((client) => createRoastsStore(client.account));
}
