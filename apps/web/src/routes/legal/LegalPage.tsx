import type { ReactNode } from 'react';

/** The shared reading layout of the terms and the privacy notice: a narrow column with readable type. */
export function LegalPage({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  return (
    <article
      className={[
        'mx-auto w-full max-w-3xl px-gutter py-12 text-ink sm:py-16',
        '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-semibold',
        '[&_h3]:mt-6 [&_h3]:font-sans [&_h3]:text-lg [&_h3]:font-semibold',
        '[&_p]:mt-3 [&_p]:leading-7 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_li]:leading-7',
        '[&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-2',
      ].join(' ')}
    >
      <title>{`${title} · Wingmate`}</title>
      <h1 className="text-4xl font-semibold">{title}</h1>
      <p className="text-sm text-ink-muted">Last updated {updated}</p>
      {children}
    </article>
  );
}
