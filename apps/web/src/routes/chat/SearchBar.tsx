import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { IconButton } from '../../ui/IconButton';

/** Search in the loaded history: the list shows only the messages with the words; Escape closes it. */
export function SearchBar({
  query,
  onQuery,
  matches,
  total,
  onClose,
}: {
  query: string;
  onQuery: (query: string) => void;
  matches: number;
  total: number;
  onClose: () => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <div className="mx-auto flex w-full max-w-3xl items-center gap-2 px-gutter pb-2">
      <label htmlFor={id} className="sr-only">
        Search this chat
      </label>
      <input
        id={id}
        ref={input}
        type="search"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && onClose()}
        placeholder="Search this chat"
        className="h-10 min-w-0 flex-1 rounded-full border border-line-strong bg-surface px-4 text-base text-ink placeholder:text-ink-muted"
      />
      <p className="shrink-0 text-sm text-ink-muted" role="status">
        {query.trim() ? `${matches} of ${total}` : ''}
      </p>
      <IconButton label="Close search" onClick={onClose}>
        <X aria-hidden="true" className="size-5" />
      </IconButton>
    </div>
  );
}
