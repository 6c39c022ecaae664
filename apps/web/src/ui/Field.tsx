import * as Label from '@radix-ui/react-label';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from './cn';

interface FieldOwnProps {
  /** The visible label, which is also the control's accessible name. */
  label: ReactNode;
  /** Help shown under the control and read with it. */
  hint?: ReactNode;
  /** What is wrong with the value: marks the control invalid and is read with it. */
  error?: ReactNode;
  className?: string;
}

type InputFieldProps = FieldOwnProps & Omit<ComponentProps<'input'>, 'className'> & { multiline?: false };
type TextareaFieldProps = FieldOwnProps & Omit<ComponentProps<'textarea'>, 'className'> & { multiline: true };
export type FieldProps = InputFieldProps | TextareaFieldProps;

const control =
  'block w-full rounded-md border border-line-strong bg-surface px-3.5 py-2.5 text-base text-ink ' +
  'placeholder:text-ink-muted disabled:opacity-60 ' +
  'aria-invalid:border-danger aria-invalid:ring-1 aria-invalid:ring-danger';

/** A label, its input (or textarea), a hint and an error, wired together for assistive technology. */
export function Field(props: FieldProps) {
  const { label, hint, error, className, id: givenId, multiline, ...controlProps } = props;
  const autoId = useId();
  const id = givenId ?? `field${autoId}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    className: cn(control, multiline && 'min-h-28 resize-y'),
  };

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label.Root htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </Label.Root>
      {multiline ? (
        <textarea {...(controlProps as ComponentProps<'textarea'>)} {...shared} />
      ) : (
        <input {...(controlProps as ComponentProps<'input'>)} {...shared} />
      )}
      {hint && (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
