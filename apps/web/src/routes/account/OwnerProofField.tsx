import { Field } from '../../ui/Field';
import { ConfirmationCodeStep } from './ConfirmationCodeStep';
import type { FormProblem } from './problem';
import type { ConfirmationCode } from './useConfirmationCode';
import { focusOnMount } from '../../ui/focus-on-mount';

export interface OwnerProofFieldProps {
  /** An account without a password proves it is the owner with a code sent to its phone or e-mail. */
  needsCode: boolean;
  password: string;
  onPasswordChange: (password: string) => void;
  confirmation: ConfirmationCode;
  code: string;
  onCodeChange: (code: string) => void;
  problem: FormProblem | null;
  /** Focus the password field (when it is the form's first field). */
  focusFirst?: boolean;
}

/**
 * What a sensitive change asks before it is made (docs/product.md#accounts-and-signing-in): the current password,
 * or for an account without one the confirmation code step.
 */
export function OwnerProofField({
  needsCode,
  password,
  onPasswordChange,
  confirmation,
  code,
  onCodeChange,
  problem,
  focusFirst,
}: OwnerProofFieldProps) {
  if (needsCode) {
    return (
      <ConfirmationCodeStep
        confirmation={confirmation}
        code={code}
        onCodeChange={onCodeChange}
        codeError={problem?.fields.code}
      />
    );
  }
  return (
    <Field
      label="Password"
      name="password"
      type="password"
      autoComplete="current-password"
      required
      ref={focusFirst ? focusOnMount : undefined}
      value={password}
      onChange={(event) => onPasswordChange(event.target.value)}
      hint="Your current password, to confirm it is you."
      error={problem?.fields.password}
    />
  );
}
