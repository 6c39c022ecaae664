import { useId } from 'react';
import {
  chatModeChoices,
  chatToneChoices,
  replyHelperNoChoiceWords,
  type ChatMode,
  type ChatTone,
  type ReplyHelperChoice,
} from '@wingmate/core-sdk';

const selectClasses =
  'h-9 min-w-0 rounded-full border border-line-strong bg-surface px-3 text-sm text-ink hover:bg-surface-muted';

/**
 * The reply helper above the composer: what to write (an opener, a reply, asking for the date) and the tone,
 * sent with each message as `mode` and `tone`. "Just chat" and "Any tone" send neither. The choice and its
 * remembering are core-sdk's reply helper store; `onChange` gets the part changed.
 */
export function ReplyHelper({
  choice,
  onChange,
}: {
  choice: ReplyHelperChoice;
  onChange: (change: ReplyHelperChoice) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2" role="group" aria-label="Reply helper">
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-mode`} className="text-sm font-medium text-ink">
          Help with
        </label>
        <select
          id={`${id}-mode`}
          value={choice.mode ?? ''}
          onChange={(event) => onChange({ mode: (event.target.value || undefined) as ChatMode | undefined })}
          className={selectClasses}
        >
          <option value="">{replyHelperNoChoiceWords.mode}</option>
          {chatModeChoices.map(({ value, label }) => (
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
          onChange={(event) => onChange({ tone: (event.target.value || undefined) as ChatTone | undefined })}
          className={selectClasses}
        >
          <option value="">{replyHelperNoChoiceWords.tone}</option>
          {chatToneChoices.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
