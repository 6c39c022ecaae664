import { useId } from 'react';
import { cn } from '../../ui/cn';
import { Field } from '../../ui/Field';

export interface AskedQuestion {
  id: number;
  text: string;
  kind: 'text' | 'choice';
  choices: string[];
}

/**
 * One question's control: a textbox for a `text` question, radio buttons for a `choice` one. The question is the
 * control's name; the error is read with it.
 */
export function QuestionInput({
  question,
  value,
  error,
  disabled,
  onChange,
}: {
  question: AskedQuestion;
  value: string;
  error?: string;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  const groupId = useId();
  if (question.kind === 'text' || !question.choices.length) {
    return (
      <Field
        multiline
        rows={3}
        label={question.text}
        value={value}
        maxLength={5000}
        disabled={disabled}
        error={error}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  const errorId = `${groupId}-error`;
  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
      className="flex flex-col gap-2"
    >
      <legend className="mb-2 text-sm font-medium text-ink">{question.text}</legend>
      <div className="flex flex-wrap gap-2">
        {question.choices.map((choice) => (
          <label
            key={choice}
            className={cn(
              'inline-flex cursor-pointer items-center gap-2 rounded-full border px-3.5 py-2 text-sm',
              'has-focus-visible:outline-2 has-focus-visible:outline-focus',
              value === choice
                ? 'border-brand bg-brand-soft text-on-brand-soft'
                : 'border-line-strong bg-surface text-ink hover:bg-surface-muted',
            )}
          >
            <input
              type="radio"
              name={groupId}
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
              className="size-4 accent-brand"
            />
            {choice}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
