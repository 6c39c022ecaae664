import { RequireSignIn } from '../../frame/RequireSignIn';
import { CheckoutPage } from './CheckoutPage';

export function Component() {
  return (
    <RequireSignIn>
      <CheckoutPage />
    </RequireSignIn>
  );
}
