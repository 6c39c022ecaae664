import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import * as Label from '@radix-ui/react-label';
import { Check } from 'lucide-react';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from './cn';

export interface CheckboxProps extends Omit<ComponentProps<typeof CheckboxPrimitive.Root>, 'children'> {
  /** The visible label, which is also the checkbox's accessible name. */
  label: ReactNode;
  error?: ReactNode;
}

/** A checkbox with its label (clicking the label toggles it) and an optional error read with it. */
export function Checkbox({ label, error, id: givenId, className, ...props }: CheckboxProps) {
  const autoId = useId();
  const id = givenId ?? `checkbox${autoId}`;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <div className="flex items-start gap-3">
        <CheckboxPrimitive.Root
          id={id}
          aria-describedby={errorId}
          aria-invalid={error ? true : undefined}
          className={cn(
            'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-sm border border-line-strong bg-surface',
            'data-[state=checked]:border-brand data-[state=checked]:bg-brand data-[state=checked]:text-on-brand',
            'aria-invalid:border-danger',
          )}
          {...props}
        >
          <CheckboxPrimitive.Indicator>
            <Check aria-hidden="true" className="size-4" strokeWidth={3} />
          </CheckboxPrimitive.Indicator>
        </CheckboxPrimitive.Root>
        <Label.Root htmlFor={id} className="text-sm leading-6 text-ink">
          {label}
        </Label.Root>
      </div>
      {error && (
        <p id={errorId} className="pl-8 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
