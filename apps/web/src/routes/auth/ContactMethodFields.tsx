import { Field } from '../../ui/Field';
import { PhoneField } from '../../ui/PhoneField';
import type { FormErrors } from './form-errors';
import { MethodSwitch, type ContactMethod } from './MethodSwitch';

export interface ContactMethodFieldsProps {
  /** Prefix of the fields' ids (`<prefix>-phone_number`, `<prefix>-email`), unique on the page. */
  idPrefix: string;
  /** The switch's group name, e.g. "Sign up with". */
  switchLabel: string;
  method: ContactMethod;
  /** A new method chosen; the form's errors belong to the other method's fields, so the caller clears them. */
  onMethodChange: (method: ContactMethod) => void;
  phone: string;
  onPhoneChange: (phone: string) => void;
  /** Under the phone field, e.g. that a code is texted. */
  phoneHint?: string;
  email: string;
  onEmailChange: (email: string) => void;
  errors: FormErrors;
}

/**
 * The phone-or-e-mail choice the sign-up, sign-in and reset forms start with: the method switch, then the phone
 * number or the e-mail address field (errors from the API's `phone_number` and `email`).
 */
export function ContactMethodFields({
  idPrefix,
  switchLabel,
  method,
  onMethodChange,
  phone,
  onPhoneChange,
  phoneHint,
  email,
  onEmailChange,
  errors,
}: ContactMethodFieldsProps) {
  return (
    <>
      <MethodSwitch label={switchLabel} value={method} onChange={onMethodChange} />
      {method === 'phone' ? (
        <PhoneField
          id={`${idPrefix}-phone_number`}
          label="Phone number"
          hint={phoneHint}
          value={phone}
          onValueChange={onPhoneChange}
          error={errors.fields['phone_number']}
          required
        />
      ) : (
        <Field
          id={`${idPrefix}-email`}
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
          error={errors.fields['email']}
          required
        />
      )}
    </>
  );
}
