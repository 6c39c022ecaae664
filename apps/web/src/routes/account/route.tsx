import { AccountPage } from './AccountPage';
import { AccountGuard } from './leave-account';

/** `/account`, members only (docs/web.md#routes). */
export function Component() {
  return (
    <AccountGuard>
      <AccountPage />
    </AccountGuard>
  );
}
