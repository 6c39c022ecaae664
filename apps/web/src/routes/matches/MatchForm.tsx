import { MATCH_LIMITS } from '@wingmate/core-sdk';
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { ErrorNotice } from '../../ui/ErrorNotice';

/** The fields a person writes about a match (docs/product.md#matches). */
export interface MatchFields {
  name: string;
  where_met: string;
  notes: string;
  profile_text: string;
}

/** What is wrong with each field, in words, and a failure that is no field's. */
export interface MatchFormErrors {
  fields?: Partial<Record<keyof MatchFields, string>>;
  general?: string;
}

export const emptyMatchFields: MatchFields = { name: '', where_met: '', notes: '', profile_text: '' };

/**
 * The match's name, where they met, notes and their profile text: the add dialog's form and the edit dialog's.
 * Each error shows under its field; the limits are the contract's.
 */
export function MatchForm({
  label,
  initial,
  submitLabel,
  saving,
  errors,
  onSubmit,
}: {
  /** The form's accessible name. */
  label: string;
  initial: MatchFields;
  submitLabel: string;
  saving: boolean;
  errors: MatchFormErrors;
  onSubmit: (fields: MatchFields) => void;
}) {
  const [fields, setFields] = useState(initial);
  const set = (key: keyof MatchFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [key]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(fields);
  }

  return (
    <form aria-label={label} noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field
        label="Name"
        value={fields.name}
        maxLength={MATCH_LIMITS.nameLength}
        autoComplete="off"
        error={errors.fields?.name}
        onChange={set('name')}
      />
      <Field
        label="Where you met"
        hint="The app, or the place."
        value={fields.where_met}
        maxLength={MATCH_LIMITS.whereMetLength}
        autoComplete="off"
        error={errors.fields?.where_met}
        onChange={set('where_met')}
      />
      <Field
        multiline
        label="Notes"
        hint="What you want your wingmate to keep in mind."
        rows={3}
        value={fields.notes}
        maxLength={MATCH_LIMITS.notesLength}
        error={errors.fields?.notes}
        onChange={set('notes')}
      />
      <Field
        multiline
        label="Their profile"
        hint="Paste their dating profile's text."
        rows={4}
        value={fields.profile_text}
        maxLength={MATCH_LIMITS.profileTextLength}
        error={errors.fields?.profile_text}
        onChange={set('profile_text')}
      />
      {errors.general && <ErrorNotice>{errors.general}</ErrorNotice>}
      <Button type="submit" loading={saving} className="self-start">
        {submitLabel}
      </Button>
    </form>
  );
}
