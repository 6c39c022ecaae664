// eslint-disable-next-line @nx/enforce-module-boundaries -- an app's file: it imports the package by its name
import { createClient } from '@wingmate/core-sdk';
// eslint-disable-next-line no-restricted-imports -- the example is the app side, where React lives
import { useEffect } from 'react';
import { useStore } from 'zustand';

const client = createClient({ baseURL: 'http://localhost:8000' });

/** The session and the plan list are zustand vanilla stores: `useStore(store, selector)` binds each. */
export function PlansPage() {
  const user = useStore(client.session, (state) => state.user);
  const plans = useStore(client.plans, (state) => state.regular);

  useEffect(() => {
    void client.plans.loadRegular();
  }, []);

  if (plans.status === 'loading') return <p>Loading…</p>;
  return (
    <ul aria-label={user ? `Plans for ${user.first_name}` : 'Plans'}>
      {plans.data.map((plan) => (
        <li key={plan.id}>{`${plan.plan_type}: $${plan.periodPrice}/${plan.periodUnit}`}</li>
      ))}
    </ul>
  );
}

/** Every call takes a signal: leaving the screen cancels the call. */
export function ChatHistory() {
  useEffect(() => {
    const controller = new AbortController();
    void client.chat.getChatHistory({ page: 1 }, { signal: controller.signal }).catch(() => undefined);
    return () => controller.abort();
  }, []);
  return null;
}
