import type { ReactNode } from 'react';
import { cn } from './cn';

export interface PageProps {
  /** The page's h1 (the frame moves focus to it on navigation) and its document title. */
  title: string;
  /** One or two sentences under the heading. */
  intro?: ReactNode;
  /** Width of the column: `narrow` for forms and reading, `wide` for grids. */
  width?: 'narrow' | 'wide';
  children?: ReactNode;
}

/** The layout of a working screen: a column with the h1 and its intro, the same on every width. */
export function Page({ title, intro, width = 'narrow', children }: PageProps) {
  return (
    <div
      className={cn(
        'mx-auto w-full px-gutter py-10 sm:py-14',
        width === 'narrow' ? 'max-w-3xl' : 'max-w-5xl',
      )}
    >
      <title>{`${title} · Wingmate`}</title>
      <h1 className="text-3xl font-semibold text-ink sm:text-4xl">{title}</h1>
      {intro && <div className="mt-3 max-w-2xl text-ink-muted">{intro}</div>}
      <div className="mt-8 flex flex-col gap-8">{children}</div>
    </div>
  );
}
