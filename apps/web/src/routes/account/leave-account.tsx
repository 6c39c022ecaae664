import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { RequireSignIn } from '../../frame/RequireSignIn';
import { useSession } from '../../stores/session';

/** Runs an action that ends the session here (log out, sign out everywhere, delete) and then leaves for home. */
export type LeaveAccount = (action: () => Promise<unknown>) => Promise<void>;

const LeaveAccountContext = createContext<LeaveAccount | null>(null);

/**
 * Members only (a visitor goes to sign in and comes back). A person who ends their own session here goes home
 * instead: without this the guard would read the ended session as a visitor and send them to sign in again.
 */
export function AccountGuard({ children }: { children: ReactNode }) {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const [leaving, setLeaving] = useState(false);

  const leave = useCallback<LeaveAccount>(async (action) => {
    setLeaving(true);
    try {
      await action();
    } catch (error) {
      setLeaving(false);
      throw error;
    }
  }, []);

  if (leaving && !isLoggedIn) return <Navigate to="/" replace />;
  return (
    <LeaveAccountContext.Provider value={leave}>
      <RequireSignIn>{children}</RequireSignIn>
    </LeaveAccountContext.Provider>
  );
}

export function useLeaveAccount(): LeaveAccount {
  const leave = useContext(LeaveAccountContext);
  if (!leave) throw new Error('useLeaveAccount needs the AccountGuard around the page');
  return leave;
}
