import type { LineSide, MatchLine, MatchLineDraft } from '@wingmate/api-contract';
import { MATCH_LIMITS } from '@wingmate/core-sdk';
import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Field } from '../../ui/Field';

/** One line as a chat bubble: the person's on the right, the match's on the left. */
export function LineBubble({ side, text, name }: MatchLineDraft & { name: string }) {
  return (
    <div className={cn('flex flex-col gap-0.5', side === 'me' ? 'items-end' : 'items-start')}>
      <span className="px-1 text-xs text-ink-muted">{side === 'me' ? 'You' : name}</span>
      <p
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 whitespace-pre-line break-words',
          side === 'me' ? 'rounded-br-sm bg-brand text-on-brand' : 'rounded-bl-sm bg-surface-muted text-ink',
        )}
      >
        {text}
      </p>
    </div>
  );
}

/**
 * The real conversation with the match, oldest line first, as bubbles; a line typed in joins the end (what they
 * said, or what you said).
 */
export function Transcript({
  name,
  lines,
  onAdd,
  failure,
}: {
  name: string;
  lines: MatchLine[];
  onAdd: (line: MatchLineDraft) => Promise<boolean>;
  failure?: string;
}) {
  const id = useId();
  const [side, setSide] = useState<LineSide>('them');
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    if (await onAdd({ side, text: text.trim() })) setText('');
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-ink">
        Conversation
      </h2>
      {lines.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line-strong p-6 text-center text-ink-muted">
          No lines yet. Import screenshots of your chat with {name}, or type the last messages below.
        </p>
      ) : (
        <ol aria-label={`Conversation with ${name}`} className="flex flex-col gap-2">
          {lines.map((line) => (
            <li key={line.id}>
              <LineBubble side={line.side} text={line.text} name={name} />
            </li>
          ))}
        </ol>
      )}
      {failure && <ErrorNotice>{failure}</ErrorNotice>}
      <form aria-label="Add a line" onSubmit={(event) => void add(event)} className="flex flex-col gap-2">
        <fieldset className="flex flex-wrap items-center gap-3">
          <legend className="mb-1 text-sm font-medium text-ink">Who said it</legend>
          {(['them', 'me'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-ink">
              <input
                type="radio"
                name={`${id}-side`}
                value={value}
                checked={side === value}
                onChange={() => setSide(value)}
                className="size-4 accent-brand"
              />
              {value === 'me' ? 'You' : name}
            </label>
          ))}
        </fieldset>
        <Field
          label="Line"
          value={text}
          maxLength={MATCH_LIMITS.lineLength}
          error={missing ? 'Write the line first.' : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" size="sm" variant="secondary" className="self-start">
          <Plus aria-hidden="true" className="size-4" />
          Add line
        </Button>
      </form>
    </section>
  );
}
