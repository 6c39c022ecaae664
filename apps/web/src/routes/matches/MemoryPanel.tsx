import type { MatchMemory, MemoryFact } from '@wingmate/api-contract';
import { formatDate, MATCH_LIMITS } from '@wingmate/core-sdk';
import { Pencil, Pin, PinOff, Plus, Trash2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Field } from '../../ui/Field';
import { focusOnMount } from '../../ui/focus-on-mount';

export interface MemoryActions {
  /** Each resolves true once the server kept the change. */
  add: (text: string) => Promise<boolean>;
  edit: (factId: number, text: string) => Promise<boolean>;
  pin: (factId: number, pinned: boolean) => Promise<boolean>;
  remove: (factId: number) => Promise<boolean>;
}

/**
 * What the wingmate remembers about the match (docs/product.md#how-a-matchs-memory-works): the summary it keeps,
 * and the facts the person can edit, pin (a pinned fact is never rewritten) or delete, and add.
 */
export function MemoryPanel({
  memory,
  actions,
  failure,
}: {
  memory: MatchMemory;
  actions: MemoryActions;
  /** The last memory change that failed, in words. */
  failure?: string;
}) {
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const newFact = useRef<HTMLInputElement>(null);
  // A deleted fact takes its focused button with it: focus goes on to the new fact's field, not to the page's top.
  const remove = async (factId: number) => {
    const removed = await actions.remove(factId);
    if (removed) newFact.current?.focus();
    return removed;
  };

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    if (await actions.add(text.trim())) setText('');
  }

  return (
    <Card>
      <section aria-labelledby="memory-heading" className="flex flex-col gap-4">
        <h2 id="memory-heading" className="text-xl font-semibold text-ink">
          Memory
        </h2>
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-semibold text-ink">Summary</h3>
          {memory.summary ? (
            <>
              <p className="whitespace-pre-line text-ink">{memory.summary}</p>
              {memory.summary_updated_at && (
                <p className="text-xs text-ink-muted">Updated {formatDate(memory.summary_updated_at)}</p>
              )}
            </>
          ) : (
            <p className="text-ink-muted">
              Nothing yet: your wingmate writes the summary as you add the conversation and ask about them.
            </p>
          )}
        </div>
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-ink">What your wingmate remembers</h3>
          {memory.facts.length === 0 ? (
            <p className="text-ink-muted">No facts yet. Add one your wingmate should never forget.</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {memory.facts.map((fact) => (
                <li key={fact.id}>
                  <FactItem fact={fact} actions={{ ...actions, remove }} />
                </li>
              ))}
            </ul>
          )}
        </div>
        {failure && <ErrorNotice>{failure}</ErrorNotice>}
        <form aria-label="Add a fact" onSubmit={(event) => void add(event)} className="flex flex-col gap-2">
          <Field
            ref={newFact}
            label="New fact"
            value={text}
            maxLength={MATCH_LIMITS.factLength}
            placeholder="Allergic to cats; has a dog called Biscuit"
            error={missing ? 'Write the fact first.' : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" size="sm" variant="secondary" className="self-start">
            <Plus aria-hidden="true" className="size-4" />
            Add fact
          </Button>
        </form>
      </section>
    </Card>
  );
}

function FactItem({ fact, actions }: { fact: MemoryFact; actions: MemoryActions }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(fact.text);
  const editButton = useRef<HTMLButtonElement>(null);

  function stopEditing() {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    if (await actions.edit(fact.id, text.trim())) stopEditing();
  }

  if (editing) {
    return (
      // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape anywhere in the form cancels the edit: the key comes up from its field and buttons, the form only catches it
      <form
        aria-label="Edit fact"
        onSubmit={(event) => void save(event)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setText(fact.text);
            stopEditing();
          }
        }}
        className="flex flex-col gap-2 rounded-md border border-brand p-3"
      >
        <Field
          label="Fact"
          value={text}
          maxLength={MATCH_LIMITS.factLength}
          ref={focusOnMount}
          error={text.trim() ? undefined : 'A fact needs some words.'}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="flex gap-2">
          <Button type="submit" size="sm">
            Save
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setText(fact.text);
              stopEditing();
            }}
          >
            Cancel
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="flex flex-col gap-2 rounded-md border border-line p-3">
      <p className="min-w-0 flex-1 text-ink">
        {fact.text}{' '}
        {fact.pinned && (
          <Badge tone="brand" className="ml-1 align-middle">
            Pinned
          </Badge>
        )}
      </p>
      <div className="flex flex-wrap gap-1">
        <Button
          ref={editButton}
          size="sm"
          variant="ghost"
          aria-label={`Edit fact: ${fact.text}`}
          onClick={() => {
            setText(fact.text);
            setEditing(true);
          }}
        >
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`${fact.pinned ? 'Unpin' : 'Pin'} fact: ${fact.text}`}
          onClick={() => void actions.pin(fact.id, !fact.pinned)}
        >
          {fact.pinned ? (
            <PinOff aria-hidden="true" className="size-4" />
          ) : (
            <Pin aria-hidden="true" className="size-4" />
          )}
          {fact.pinned ? 'Unpin' : 'Pin'}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Delete fact: ${fact.text}`}
          onClick={() => void actions.remove(fact.id)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      </div>
    </div>
  );
}
