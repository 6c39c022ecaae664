import {
  createProfileStore,
  createQuestionnaireStore,
  createRoastsStore,
  type ProfileStore,
  type QuestionnaireStore,
  type RoastsStore,
} from '@wingmate/core-sdk';
import { useState } from 'react';
import { useServices } from '../../stores/services';

/** The profile's questions and answers, made once for as long as the screen is open. */
export function useProfileStore(): ProfileStore {
  const { client } = useServices();
  const [store] = useState(() => createProfileStore(client.account));
  return store;
}

/** The questionnaire on screen and its answers, made once for as long as the screen is open. */
export function useQuestionnaireStore(): QuestionnaireStore {
  const { client } = useServices();
  const [store] = useState(() => createQuestionnaireStore(client.account));
  return store;
}

/** The member's roasts, made once for as long as the screen is open. */
export function useRoastsStore(): RoastsStore {
  const { client } = useServices();
  const [store] = useState(() => createRoastsStore(client.account));
  return store;
}
