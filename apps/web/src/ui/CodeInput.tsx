import type { ChangeEvent } from 'react';
import { CODE_LENGTH } from '@wingmate/core-sdk';
import { Field, type FieldProps } from './Field';

export type CodeInputProps = Omit<
  Extract<FieldProps, { multiline?: false }>,
  'onChange' | 'value' | 'type' | 'label'
> & {
  value: string;
  onValueChange: (value: string) => void;
  /** Default "Verification code" (docs/web.md#accessible-names). */
  label?: FieldProps['label'];
};

/**
 * A 6-digit code sent by SMS or e-mail. One field (not six boxes), so pasting, the phone's SMS code suggestion
 * (`autocomplete="one-time-code"`) and screen readers all just work; anything but digits is dropped.
 */
export function CodeInput({ value, onValueChange, label = 'Verification code', ...props }: CodeInputProps) {
  return (
    <Field
      label={label}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      spellCheck={false}
      className="max-w-56"
      {...props}
      value={value}
      onChange={(event: ChangeEvent<HTMLInputElement>) =>
        onValueChange(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))
      }
    />
  );
}
