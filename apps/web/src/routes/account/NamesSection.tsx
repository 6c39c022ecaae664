import { useState, type FormEvent } from 'react';
import type { AuthUser } from '@wingmate/core-sdk';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { useToast } from '../../ui/toast-store';
import { useClient } from '../../stores/services';
import { AccountSection } from './AccountSection';
import { FormAlert } from './FormAlert';
import { formMessage, readProblem, type FormProblem } from './problem';

const FIELDS = ['first_name', 'last_name'] as const;

/** First and last name (`accounts/user/update/`); the session's user follows the saved names. */
export function NamesSection({ user }: { user: AuthUser }) {
  const client = useClient();
  const toast = useToast();
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const changed = firstName.trim() !== user.first_name || lastName.trim() !== user.last_name;

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setProblem(null);
    try {
      const saved = await client.account.updateUser({
        first_name: firstName.trim(),
        last_name: lastName.trim(),
      });
      setFirstName(saved.first_name);
      setLastName(saved.last_name);
      toast({ title: 'Name saved', tone: 'success' });
    } catch (error) {
      setProblem(readProblem(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <AccountSection title="Your name" description="How Wingmate greets you.">
      <form onSubmit={save} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="First name"
            name="first_name"
            autoComplete="given-name"
            maxLength={150}
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
            error={problem?.fields.first_name}
          />
          <Field
            label="Last name"
            name="last_name"
            autoComplete="family-name"
            maxLength={150}
            value={lastName}
            onChange={(event) => setLastName(event.target.value)}
            error={problem?.fields.last_name}
          />
        </div>
        <FormAlert message={formMessage(problem, FIELDS)} />
        <div>
          <Button type="submit" loading={saving} disabled={!changed}>
            Save
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
