import { WHAT_WORKS_EMPTY, whatWorksCard, type SuggestionOutcomesStore } from '@wingmate/core-sdk';
import { TrendingUp } from 'lucide-react';
import { useId } from 'react';
import { useStore } from 'zustand';
import { Card } from '../../ui/Card';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Spinner } from '../../ui/Spinner';

/**
 * "What works for you" (docs/product.md#what-works-for-you): per kind of suggestion, how each tone the person sent
 * did; until they mark one, what to do to see it. `compact` under a match's replies.
 */
export function WhatWorksCard({
  store,
  compact = false,
}: {
  store: SuggestionOutcomesStore;
  compact?: boolean;
}) {
  const headingId = useId();
  const whatWorks = useStore(store, (state) => state.whatWorks);
  const status = useStore(store, (state) => state.whatWorksStatus);
  const failure = useStore(store, (state) => state.whatWorksError);
  const sections = whatWorks ? whatWorksCard(whatWorks) : [];

  return (
    <Card className={compact ? 'p-4 sm:p-5' : undefined}>
      <section aria-labelledby={headingId} className="flex flex-col gap-3">
        <h2
          id={headingId}
          className={`inline-flex items-center gap-2 font-semibold text-ink ${compact ? 'text-lg' : 'text-xl'}`}
        >
          <TrendingUp aria-hidden="true" className="size-5 text-brand" />
          What works for you
        </h2>
        {status === 'pending' && !failure && <Spinner label="Loading what works for you" />}
        {failure && (
          <ErrorNotice onRetry={() => void store.refresh()}>
            <p className="font-semibold">What works for you could not be loaded.</p>
            <p>{failure}</p>
          </ErrorNotice>
        )}
        {/* Polite: a mark made under a suggestion changes the counts here. */}
        <div aria-live="polite" className="flex flex-col gap-3">
          {whatWorks &&
            (sections.length === 0 ? (
              <p className="text-sm text-ink-muted">{WHAT_WORKS_EMPTY}</p>
            ) : (
              sections.map((section) => (
                <div key={section.heading} className="flex flex-col gap-1">
                  <h3 className="text-sm font-semibold text-ink">{section.heading}</h3>
                  <ul aria-label={section.heading} className="flex flex-col gap-0.5 text-sm text-ink-muted">
                    {section.lines.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </div>
              ))
            ))}
        </div>
      </section>
    </Card>
  );
}
