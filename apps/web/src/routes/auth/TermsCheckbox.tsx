import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { Checkbox } from '../../ui/Checkbox';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { TERMS_LABEL } from './terms';

const linkClass = 'font-medium text-brand underline underline-offset-2';

/**
 * "I am 18 or older and accept the terms", required at sign-up. The links to the terms and the privacy notice sit
 * beside the label (not inside it), so the checkbox's name stays exactly the sentence; they open in a new tab so
 * what was typed stays.
 */
export function TermsCheckbox({
  checked,
  onCheckedChange,
  error,
  ref,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error: string | null;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <div className="flex flex-col gap-1">
      <Checkbox
        ref={ref}
        label={TERMS_LABEL}
        checked={checked}
        onCheckedChange={(value) => onCheckedChange(value === true)}
        error={error ?? undefined}
        aria-required="true"
      />
      <p className="pl-8 text-sm text-ink-muted">
        Read the{' '}
        <Link to="/terms" target="_blank" className={linkClass}>
          terms<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Link>{' '}
        and the{' '}
        <Link to="/privacy" target="_blank" className={linkClass}>
          privacy notice<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Link>
        .
      </p>
    </div>
  );
}
