import type { Match } from '@wingmate/api-contract';
import { STYLE_LIMITS, type StyleChange } from '@wingmate/core-sdk';
import { ClipboardPaste, MessagesSquare } from 'lucide-react';
import { useId, useState, type FormEvent, type Ref } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../ui/Button';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Field } from '../../ui/Field';

export interface TeachStyleProps {
  /** The matches to learn from (the person's side of each), or why they could not be read. */
  matches: Match[];
  matchesFailure?: string;
  /** The change of the style being saved, if any: one at a time. */
  saving: StyleChange | null;
  /** Why the last paste or match was refused. */
  failure?: string;
  /** Resolves true once learnt (the box is emptied). */
  onPaste: (text: string) => Promise<boolean>;
  onLearnFromMatch: (matchId: number) => void;
  messagesRef?: Ref<HTMLTextAreaElement>;
}

/** The two ways to teach the wingmate how the person texts: paste their messages, or their side of a match. */
export function TeachStyle({
  matches,
  matchesFailure,
  saving,
  failure,
  onPaste,
  onLearnFromMatch,
  messagesRef,
}: TeachStyleProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [matchId, setMatchId] = useState('');
  const chosen = matchId || String(matches[0]?.id ?? '');

  const paste = (event: FormEvent) => {
    event.preventDefault();
    void onPaste(text).then((learnt) => learnt && setText(''));
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-6">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-ink">
        Teach it how you text
      </h2>
      <form aria-label="Learn from your messages" onSubmit={paste} className="flex flex-col gap-3">
        <Field
          ref={messagesRef}
          multiline
          label="Your messages"
          hint={`One message a line, as you typed it: texts you sent on dating apps or to friends. Up to ${STYLE_LIMITS.pastedLength.toLocaleString('en-US')} characters.`}
          rows={6}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" loading={saving === 'paste'} disabled={saving !== null} className="self-start">
          <ClipboardPaste aria-hidden="true" className="size-4" />
          Learn my style
        </Button>
      </form>
      <div role="group" aria-labelledby={`${id}-match`} className="flex flex-col gap-3">
        <h3 id={`${id}-match`} className="text-base font-semibold text-ink">
          Learn from a match
        </h3>
        {matchesFailure ? (
          <ErrorNotice>{matchesFailure}</ErrorNotice>
        ) : matches.length === 0 ? (
          <p className="text-sm text-ink-muted">
            No matches yet.{' '}
            <Link to="/matches" className="font-medium text-brand underline">
              Add a match
            </Link>{' '}
            with your conversation, then learn from what you wrote.
          </p>
        ) : (
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex min-w-0 flex-col gap-1.5">
              <label htmlFor={`${id}-select`} className="text-sm font-medium text-ink">
                Match
              </label>
              <select
                id={`${id}-select`}
                value={chosen}
                onChange={(event) => setMatchId(event.target.value)}
                className="h-11 max-w-full rounded-md border border-line-strong bg-surface px-3 text-base text-ink"
              >
                {matches.map((match) => (
                  <option key={match.id} value={match.id}>
                    {match.name}
                  </option>
                ))}
              </select>
            </div>
            <Button
              variant="secondary"
              loading={saving === 'match'}
              disabled={saving !== null}
              onClick={() => onLearnFromMatch(Number(chosen))}
            >
              <MessagesSquare aria-hidden="true" className="size-4" />
              Use my side
            </Button>
          </div>
        )}
      </div>
      {failure && <ErrorNotice>{failure}</ErrorNotice>}
    </section>
  );
}
