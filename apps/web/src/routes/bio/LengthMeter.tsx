import { fitAgainstLimits } from '@wingmate/core-sdk';
import { cn } from '../../ui/cn';

/** The bio's length against each app's limit: how many characters are left, or how many over. */
export function LengthMeter({ text }: { text: string }) {
  return (
    <ul aria-label="Length limits" className="flex flex-wrap gap-2">
      {fitAgainstLimits(text).map(({ app, limit, left }) => (
        <li
          key={app}
          className={cn(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold',
            left >= 0 ? 'bg-surface-muted text-ink-muted' : 'bg-danger-soft text-danger',
          )}
        >
          {app} {limit}: {left >= 0 ? `${left} left` : `${-left} over`}
        </li>
      ))}
    </ul>
  );
}
