import { useEffect, useEffectEvent, type ChangeEvent } from 'react';
import { Field, type FieldProps } from './Field';
import { usePhoneFormat } from './usePhoneFormat';

export type PhoneFieldProps = Omit<
  Extract<FieldProps, { multiline?: false }>,
  'onChange' | 'value' | 'type'
> & {
  value: string;
  /** The formatted text; `toE164UsNumber` (core-sdk) turns it into the number to send. */
  onValueChange: (value: string) => void;
};

/**
 * A US phone number field, formatted as typed with libphonenumber's `AsYouType`. The formatter loads with the
 * field; what was typed before it arrived is formatted as soon as it does.
 */
export function PhoneField({ value, onValueChange, ...props }: PhoneFieldProps) {
  const format = usePhoneFormat();
  // Only when the formatter arrives (on the value typed so far): later edits are formatted by onChange.
  const formatTyped = useEffectEvent((arrived: NonNullable<typeof format>) => {
    const formatted = arrived.formatUsPhoneAsTyped(value);
    if (formatted !== value) onValueChange(formatted);
  });
  useEffect(() => {
    if (format) formatTyped(format);
  }, [format]);
  return (
    <Field
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(201) 555-0123"
      {...props}
      value={value}
      onChange={(event: ChangeEvent<HTMLInputElement>) =>
        onValueChange(format ? format.nextPhoneValue(value, event.target.value) : event.target.value)
      }
    />
  );
}
