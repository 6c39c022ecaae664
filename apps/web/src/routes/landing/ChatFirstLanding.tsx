import { SendHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../ui/Button';
import { ExampleUses } from './LandingPage';

/** Quick starts that fill the box with a first line, as the chat's own do. */
const quickStarts = [
  { label: 'Write an opener', text: 'Help me write an opener for someone who loves hiking and bad puns.' },
  { label: 'Reply to my match', text: 'My match replied “haha” to my joke. What do I say next?' },
  { label: 'Review my bio', text: 'Here is my dating bio, how can I make it better? ' },
];

/** The chat's route state: the message the landing's box hands over, sent once on arrival. */
export interface ChatArrival {
  send: string;
}

/**
 * The landing page, `abtest_homepage` = `chat_first`: the chat's composer right on the landing. "Send" opens the
 * chat with the text in the route state (`{ send }`), and the chat sends it once on arrival.
 */
export function ChatFirstLanding() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const fieldId = useId();
  const message = text.trim();

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!message) return;
    const state: ChatArrival = { send: message };
    void navigate('/chat', { state });
  };
  // Enter sends, Shift+Enter starts a new line, as in the chat.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
  };

  return (
    <>
      <title>Wingmate: ask your AI dating coach</title>
      <section className="mx-auto flex w-full max-w-3xl flex-col px-gutter pt-12 pb-16 sm:pt-20">
        <p className="text-sm font-semibold tracking-wide text-brand uppercase">
          AI companion and dating coach
        </p>
        <h1 className="mt-3 text-4xl leading-[1.1] font-semibold text-ink sm:text-5xl">
          What should we work on tonight?
        </h1>
        <p className="mt-4 max-w-xl text-lg text-ink-muted">
          Ask for an opener, a reply to your match or a sharper bio. Free messages to start, no card needed.
        </p>
        <form
          onSubmit={send}
          className="mt-8 rounded-xl border border-line-strong bg-surface p-3 shadow-lg focus-within:border-brand"
        >
          <label htmlFor={fieldId} className="sr-only">
            Message
          </label>
          <textarea
            id={fieldId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            rows={3}
            maxLength={4000}
            placeholder="Ask your wingmate anything…"
            className="block w-full resize-none bg-transparent px-2 py-1.5 text-base text-ink outline-none placeholder:text-ink-muted"
          />
          <div className="mt-2 flex items-center justify-between gap-3">
            <p className="px-2 text-xs text-ink-muted">Enter to send, Shift+Enter for a new line</p>
            <Button type="submit" disabled={!message}>
              <SendHorizontal aria-hidden="true" className="size-4" />
              Send
            </Button>
          </div>
        </form>
        <ul className="mt-5 flex flex-wrap gap-2" aria-label="Quick starts">
          {quickStarts.map(({ label, text: starter }) => (
            <li key={label}>
              <button
                type="button"
                onClick={() => {
                  setText(starter);
                  document.getElementById(fieldId)?.focus();
                }}
                className="rounded-full border border-line-strong bg-surface px-3.5 py-1.5 text-sm font-medium text-ink hover:bg-surface-muted"
              >
                {label}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <ExampleUses />
    </>
  );
}
