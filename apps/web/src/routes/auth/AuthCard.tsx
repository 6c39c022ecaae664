import { useEffect, useRef, type ReactNode } from 'react';
import { Card } from '../../ui/Card';

export interface AuthCardProps {
  /** The page's h1. */
  title: string;
  /** The document title. */
  documentTitle: string;
  intro?: ReactNode;
  /**
   * A later step of the same page (the code was sent): its heading takes focus when it appears, as the frame
   * does after a navigation.
   */
  focusOnMount?: boolean;
  footer?: ReactNode;
  children: ReactNode;
}

/** The frame of every sign-up and sign-in screen: one centred card, its heading, the form, links below. */
export function AuthCard({ title, documentTitle, intro, focusOnMount, footer, children }: AuthCardProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);

  return (
    <div className="mx-auto flex w-full max-w-md flex-1 flex-col px-gutter py-10 sm:py-16">
      <title>{`${documentTitle} · Wingmate`}</title>
      <Card className="flex flex-col gap-6">
        <div className="flex flex-col gap-2">
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold text-ink sm:text-3xl">
            {title}
          </h1>
          {intro && <div className="text-ink-muted">{intro}</div>}
        </div>
        {children}
      </Card>
      {footer && <div className="mt-6 text-center text-sm text-ink-muted">{footer}</div>}
    </div>
  );
}
