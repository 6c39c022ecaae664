import type { AuthUser } from '@wingmate/core-sdk';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../ui/Dialog';
import { useToast } from '../../ui/toast-store';
import { AccountSection } from './AccountSection';
import { useAccountDeletionStore } from './account-stores';
import { FormAlert } from './FormAlert';
import { useLeaveAccount } from './leave-account';
import { OwnerProofField } from './OwnerProofField';
import { formMessage } from './problem';
import { useConfirmationCode } from './useConfirmationCode';
import { useFormSubmission } from './useFormSubmission';
import { codeProblem } from './codes';

const WHAT_GOES =
  'Your profile, chats, bios and photos are deleted, renewals are cancelled and every device is signed out. ' +
  'Only what payment law asks us to keep (amounts and dates) stays, no longer tied to you.';

/**
 * "Delete my account" (docs/product.md#accounts-and-signing-in): confirmed with the password, or a code for an
 * account without one.
 */
export function DeleteAccountSection({ user }: { user: AuthUser }) {
  const [open, setOpen] = useState(false);
  return (
    <AccountSection title="Delete account" tone="danger" description="This cannot be undone.">
      <div className="flex flex-col items-start gap-4">
        <p className="text-sm text-ink">{WHAT_GOES}</p>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button variant="danger">
              <Trash2 aria-hidden="true" className="size-4" />
              Delete my account
            </Button>
          </DialogTrigger>
          <DialogContent title="Delete your account?" description={WHAT_GOES}>
            <DeleteAccountForm hasPassword={user.has_password} />
          </DialogContent>
        </Dialog>
      </div>
    </AccountSection>
  );
}

function DeleteAccountForm({ hasPassword }: { hasPassword: boolean }) {
  const deletion = useAccountDeletionStore();
  const toast = useToast();
  const leave = useLeaveAccount();
  const confirmation = useConfirmationCode('delete');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { busy, problem, setProblem, submit } = useFormSubmission(deletion);

  async function deleteAccount(event: FormEvent) {
    event.preventDefault();
    if (hasPassword && !password) {
      return setProblem({ message: 'Enter your password.', fields: { password: 'Enter your password.' } });
    }
    const missing = hasPassword ? null : codeProblem(code, confirmation.sentTo !== null);
    if (missing) return setProblem(missing);
    await submit(async () => {
      await leave(() => deletion.deleteAccount(hasPassword ? { password } : { code }));
      toast({
        title: 'Your account is deleted',
        description: 'Thank you for trying Wingmate.',
        tone: 'success',
      });
    });
  }

  return (
    <form onSubmit={(event) => void deleteAccount(event)} noValidate className="flex flex-col gap-4">
      <OwnerProofField
        needsCode={!hasPassword}
        password={password}
        onPasswordChange={setPassword}
        confirmation={confirmation}
        code={code}
        onCodeChange={setCode}
        problem={problem}
        focusFirst
      />
      <FormAlert message={formMessage(problem, ['password', 'code'])} />
      <div className="flex flex-wrap justify-end gap-3">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="danger" loading={busy}>
          Delete
        </Button>
      </div>
    </form>
  );
}
