import { EMAIL_PATTERN, type AuthUser } from '@wingmate/core-sdk';
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogTrigger } from '../../ui/Dialog';
import { CodeInput } from '../../ui/CodeInput';
import { Field } from '../../ui/Field';
import { useToast } from '../../ui/toast-store';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { useClient } from '../../stores/services';
import { FormAlert } from './FormAlert';
import { formMessage, readProblem, type FormProblem } from './problem';
import { ResendCodeButton } from './ResendCodeButton';
import { codeProblem } from './codes';

const INVALID_EMAIL = 'Please enter a valid email address.';

/** Change (or add) the e-mail address: a code goes to the new address, which counts once the code is entered. */
export function EmailChangeDialog({ user }: { user: AuthUser }) {
  const [open, setOpen] = useState(false);
  const verb = user.email ? 'Change' : 'Add';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          {verb}
          <VisuallyHidden> email</VisuallyHidden>
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`${verb} email`}
        description="We send a code to the new address; it replaces the old one once you enter the code."
      >
        <EmailChangeFlow onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function EmailChangeFlow({ onDone }: { onDone(): void }) {
  const [email, setEmail] = useState<string | null>(null);
  if (email) return <NewEmailCode email={email} onDone={onDone} />;
  return <NewEmailForm onCodeSent={setEmail} />;
}

function NewEmailForm({ onCodeSent }: { onCodeSent(email: string): void }) {
  const client = useClient();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address))
      return setProblem({ message: INVALID_EMAIL, fields: { email: INVALID_EMAIL } });
    setBusy(true);
    setProblem(null);
    try {
      await client.account.requestEmailChange({ email: address });
      onCodeSent(address);
    } catch (error) {
      setProblem(readProblem(error));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        maxLength={254}
        required
        autoFocus
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={problem?.fields.email}
      />
      <FormAlert message={formMessage(problem, ['email'])} />
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          Continue
        </Button>
      </div>
    </form>
  );
}

function NewEmailCode({ email, onDone }: { email: string; onDone(): void }) {
  const client = useClient();
  const toast = useToast();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);

  async function verify(event: FormEvent) {
    event.preventDefault();
    const missing = codeProblem(code);
    if (missing) return setProblem(missing);
    setBusy(true);
    setProblem(null);
    try {
      await client.account.confirmEmailChange({ email, code });
      toast({ title: 'Email changed', description: email, tone: 'success' });
      onDone();
    } catch (error) {
      setProblem(readProblem(error));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={verify} noValidate className="flex flex-col gap-4">
      <CodeInput
        name="code"
        required
        value={code}
        onValueChange={setCode}
        hint={`We sent a code to ${email}.`}
        error={problem?.fields.code}
        autoFocus
      />
      <ResendCodeButton send={() => client.account.requestEmailChange({ email })} />
      <FormAlert message={formMessage(problem, ['code'])} />
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          Verify
        </Button>
      </div>
    </form>
  );
}
