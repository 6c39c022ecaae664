import { useEffect, useState } from 'react';
import type { CodeStepActions, WingmateClient } from '@wingmate/core-sdk';
import { useServices } from '../../stores/services';

/** A core-sdk store that lives as long as the screen: made once, from the page's client. */
export function useScreenStore<T>(make: (client: WingmateClient) => T): T {
  const { client } = useServices();
  const [store] = useState(() => make(client));
  return store;
}

/** The wait for "Resend code" is counted while the code step shows, and no longer once it goes. */
export function useResendCountdown(step: CodeStepActions): void {
  useEffect(() => {
    step.startCountdown();
    return step.stopCountdown;
  }, [step]);
}
