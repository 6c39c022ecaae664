import { STARTER_QUESTIONS, starterDraft, type StarterAnswers } from '@wingmate/core-sdk';
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { focusOnMount } from '../../ui/focus-on-mount';

const empty: StarterAnswers = { work: '', fun: '', looking: '' };

/** "A few questions first": what the AI needs to write a bio for someone who has written nothing yet. */
export function StarterQuestions({
  busy,
  onDraft,
  onCancel,
}: {
  busy: boolean;
  onDraft: (draft: string) => void;
  onCancel: () => void;
}) {
  const [answers, setAnswers] = useState<StarterAnswers>(empty);
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const draft = starterDraft(answers);
    if (!draft) {
      setError('Answer at least one question, so the bio sounds like you.');
      return;
    }
    setError(undefined);
    onDraft(draft);
  }

  return (
    <form
      aria-labelledby="starter-heading"
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-lg border border-line bg-surface-muted/50 p-4"
    >
      <div>
        <h3 id="starter-heading" className="font-sans text-base font-semibold text-ink">
          A few questions first
        </h3>
        <p className="mt-1 text-sm text-ink-muted">
          Your profile answers are used too. Answer what you like; one is enough.
        </p>
      </div>
      {STARTER_QUESTIONS.map((question, index) => (
        <Field
          key={question.key}
          label={question.label}
          placeholder={question.placeholder}
          value={answers[question.key]}
          ref={index === 0 ? focusOnMount : undefined}
          maxLength={300}
          error={index === 0 ? error : undefined}
          onChange={(event) => setAnswers({ ...answers, [question.key]: event.target.value })}
        />
      ))}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={busy}>
          Write my bio
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Not now
        </Button>
      </div>
    </form>
  );
}
