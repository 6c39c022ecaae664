import type { FormEvent, ReactNode } from 'react';
import { CodeInput } from '../../ui/CodeInput';
import type { FormErrors } from './form-errors';
import { FormAlert } from './FormAlert';

export interface CodeFormProps {
  code: string;
  onCodeChange: (code: string) => void;
  /** The API's `code` error under the box, the rest above the form's buttons. */
  errors: FormErrors;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The form's button and what goes with it (a resend link, a confirmation). */
  children: ReactNode;
}

/** The "enter the 6-digit code" form of /verify, for a phone number and for an e-mail address. */
export function CodeForm({ code, onCodeChange, errors, onSubmit, children }: CodeFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <CodeInput
        id="verify-code"
        value={code}
        onValueChange={onCodeChange}
        error={errors.fields['code']}
        required
      />
      <FormAlert message={errors.form} />
      {children}
    </form>
  );
}
