// eslint-disable-next-line @nx/enforce-module-boundaries -- an app's file: it imports the package by its name
import { browserAbTestStorage, createAbEngine } from '@wingmate/ab-engine';
import { consoleLogger, createClient } from '@wingmate/core-sdk';
import type { AbTestName } from '@wingmate/api-contract';
import { useStore } from 'zustand';

const client = createClient({ baseURL: 'http://localhost:8000' });

export const abEngine = createAbEngine({
  // core-sdk's analytics resource: it sends the uid itself when no token is held, and reads a 404 as [].
  api: {
    list: ({ group }) => client.analytics.listAbtests({ group }),
    // The engine's names are the contract's (`defaultAbTests`); the SDK types them so.
    create: ({ name, ...input }) => client.analytics.createAbtest({ ...input, name: name as AbTestName }),
  },
  storage: browserAbTestStorage(),
  logger: consoleLogger,
});

abEngine.setIdentity(client.visitorId.get());
// At sign-out the device has a new uid, and the person's values go.
client.session.onEnd((uid) => abEngine.startOver(uid));
// The group follows `is_member` of the user info; unknown (null) until it answers.
client.session.subscribe(({ isLoggedIn }, previous) => {
  if (isLoggedIn === previous.isLoggedIn) return;
  if (!isLoggedIn) return abEngine.setAccountState({ isMember: false });
  abEngine.setAccountState(null);
  void client.auth.getUserInfo().then((info) => abEngine.setAccountState({ isMember: info.is_member }));
});

/** `engine.store` is a zustand vanilla store: `useStore(store, selector)` binds it. */
export function Homepage() {
  const variant = useStore(abEngine.store, (state) => state.assignments.abtest_homepage);
  return <p>{variant === 'chat_first' ? 'Chat first' : 'Bio first'}</p>;
}
