import { useState } from 'react';
import { Button } from '../../ui/Button';
import { CodeInput } from '../../ui/CodeInput';
import { FormAlert } from './FormAlert';
import { problemMessage } from './problem';
import { ResendCodeButton } from './ResendCodeButton';
import type { ConfirmationCode } from './useConfirmationCode';
import { focusOnMount } from '../../ui/focus-on-mount';

export interface ConfirmationCodeStepProps {
  confirmation: ConfirmationCode;
  code: string;
  onCodeChange: (code: string) => void;
  /** An error of the code itself, from the call that used it. */
  codeError?: string;
}

/**
 * For an account without a password: "Send code" asks for a code to the current phone or e-mail, then the code
 * field appears with "Resend code" under it.
 */
export function ConfirmationCodeStep({
  confirmation,
  code,
  onCodeChange,
  codeError,
}: ConfirmationCodeStepProps) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function sendFirstCode() {
    setSending(true);
    setError(null);
    try {
      await confirmation.send();
    } catch (failure) {
      setError(problemMessage(failure));
    } finally {
      setSending(false);
    }
  }

  if (confirmation.sentTo === null) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-md bg-surface-muted p-4">
        <p className="text-sm text-ink">
          Your account has no password, so we confirm it is you with a code sent to your phone or email.
        </p>
        <Button variant="secondary" size="sm" loading={sending} onClick={() => void sendFirstCode()}>
          Send code
        </Button>
        <FormAlert message={error} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <CodeInput
        name="code"
        required
        ref={focusOnMount}
        value={code}
        onValueChange={onCodeChange}
        hint={`We sent a code to ${confirmation.sentTo}.`}
        error={codeError}
      />
      <ResendCodeButton send={() => confirmation.send()} />
    </div>
  );
}
