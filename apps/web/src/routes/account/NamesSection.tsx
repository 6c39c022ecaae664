import type { FormEvent } from 'react';
import type { AuthUser } from '@wingmate/core-sdk';
import { useStore } from 'zustand';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { useToast } from '../../ui/toast-store';
import { AccountSection } from './AccountSection';
import { useProfileNamesStore } from './account-stores';
import { FormAlert } from './FormAlert';
import { formMessage, readProblem } from './problem';

const FIELDS = ['first_name', 'last_name'] as const;

/** First and last name (`accounts/user/update/`); the session's user follows the saved names. */
export function NamesSection({ user }: { user: AuthUser }) {
  const names = useProfileNamesStore(user);
  const toast = useToast();
  const { firstName, lastName, status, error } = useStore(names);
  const problem = status === 'failed' ? readProblem(error) : null;
  const changed = firstName.trim() !== user.first_name || lastName.trim() !== user.last_name;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (await names.save()) toast({ title: 'Name saved', tone: 'success' });
  }

  return (
    <AccountSection title="Your name" description="How Wingmate greets you.">
      <form onSubmit={(event) => void save(event)} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="First name"
            name="first_name"
            autoComplete="given-name"
            maxLength={150}
            value={firstName}
            onChange={(event) => names.setFirstName(event.target.value)}
            error={problem?.fields.first_name}
          />
          <Field
            label="Last name"
            name="last_name"
            autoComplete="family-name"
            maxLength={150}
            value={lastName}
            onChange={(event) => names.setLastName(event.target.value)}
            error={problem?.fields.last_name}
          />
        </div>
        <FormAlert message={formMessage(problem, FIELDS)} />
        <div>
          <Button type="submit" loading={status === 'saving'} disabled={!changed}>
            Save
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
