import { useId } from 'react';
import type { ChatMode, ChatTone, ReplyHelperChoice } from '@wingmate/core-sdk';
import { CHAT_MODES, CHAT_TONES } from './device-prefs';

const selectClasses =
  'h-9 min-w-0 rounded-full border border-line-strong bg-surface px-3 text-sm text-ink hover:bg-surface-muted';

/**
 * The reply helper above the composer: what to write (an opener, a reply, asking for the date) and the tone,
 * sent with each message as `mode` and `tone`. "Just chat" and "Any tone" send neither.
 */
export function ReplyHelper({
  choice,
  onChange,
}: {
  choice: ReplyHelperChoice;
  onChange: (choice: ReplyHelperChoice) => void;
}) {
  const id = useId();
  const set = (next: ReplyHelperChoice) => {
    const clean: ReplyHelperChoice = {
      ...(next.mode && { mode: next.mode }),
      ...(next.tone && { tone: next.tone }),
    };
    onChange(clean);
  };
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2" role="group" aria-label="Reply helper">
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-mode`} className="text-sm font-medium text-ink">
          Help with
        </label>
        <select
          id={`${id}-mode`}
          value={choice.mode ?? ''}
          onChange={(event) =>
            set({ ...choice, mode: (event.target.value || undefined) as ChatMode | undefined })
          }
          className={selectClasses}
        >
          <option value="">Just chat</option>
          {Object.entries(CHAT_MODES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-tone`} className="text-sm font-medium text-ink">
          Tone
        </label>
        <select
          id={`${id}-tone`}
          value={choice.tone ?? ''}
          onChange={(event) =>
            set({ ...choice, tone: (event.target.value || undefined) as ChatTone | undefined })
          }
          className={selectClasses}
        >
          <option value="">Any tone</option>
          {Object.entries(CHAT_TONES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
