import { AccountPage } from './AccountPage';
import { AccountGuard } from './leave-account';

/** `/account`, members only (screens.md, "Routes"). */
export function Component() {
  return (
    <AccountGuard>
      <AccountPage />
    </AccountGuard>
  );
}
