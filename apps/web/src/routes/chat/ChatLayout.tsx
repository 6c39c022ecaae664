import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../ui/cn';
import { Spinner } from '../../ui/Spinner';

/**
 * The chat's box: the window's height below the banner and header (`--wm-top-height`, kept by the frame), so the
 * composer sits at the bottom of the window at every width and the footer below it.
 */
export function ChatSection({ className, children, ...props }: ComponentProps<'section'>) {
  return (
    <section
      className={cn(
        'relative mx-auto flex h-[calc(100dvh-var(--wm-top-height,var(--wm-header-height)))] min-h-[28rem] w-full flex-col',
        className,
      )}
      {...props}
    >
      <title>Chat · Wingmate</title>
      {children}
    </section>
  );
}

/** The bar above the messages: the heading and, at its end, the chat's menu (`action`). */
export function ChatTitleBar({ action }: { action: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl items-center justify-between gap-3 px-gutter py-2">
      <h1 className="text-lg font-semibold text-ink">Chat</h1>
      {action}
    </div>
  );
}

/** The messages' place while the chat loads. */
export function ChatLoading() {
  return (
    <div className="flex flex-1 items-center justify-center">
      <Spinner size="lg" label="Loading your chat" />
    </div>
  );
}

/**
 * What the first visit to `/chat` paints before the page's code and the services arrive: the box, its heading
 * with room for the menu (the size of its button), and the loading state. It is in the entry (`handle.shell`).
 */
export function ChatShell() {
  return (
    <ChatSection>
      <div className="border-b border-line">
        <ChatTitleBar action={<span aria-hidden="true" className="size-10 shrink-0" />} />
      </div>
      <ChatLoading />
    </ChatSection>
  );
}
