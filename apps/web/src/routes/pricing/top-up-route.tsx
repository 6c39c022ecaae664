import { RequireSignIn } from '../../frame/RequireSignIn';
import { TopUpPage } from './TopUpPage';

export function Component() {
  return (
    <RequireSignIn>
      <TopUpPage />
    </RequireSignIn>
  );
}
