import type { Suggestion } from '@wingmate/api-contract';
import { createSuggestionOutcomesStore } from '@wingmate/core-sdk';
import { render, screen, within } from '@testing-library/react';
import { SuggestedMessages } from './SuggestedMessages';

const reply = (id: string, tone: Suggestion['tone']): Suggestion => ({
  id,
  kind: 'reply',
  tone,
  text: `A ${tone} reply (${id})`,
  sounds_like_you: null,
});

describe('the messages a reply offers (docs/product.md#what-works-for-you)', () => {
  it('names two suggestions of one tone apart by their order, and a single one by its tone alone', () => {
    const outcomes = createSuggestionOutcomesStore({
      markSuggestion: () => Promise.reject(new Error('not marked in this test')),
      getWhatWorks: () => Promise.reject(new Error('not read in this test')),
    });
    render(
      <SuggestedMessages
        suggestions={[reply('a', 'playful'), reply('b', 'sincere'), reply('c', 'playful')]}
        outcomes={outcomes}
        showStyleLink={false}
        onCopy={() => undefined}
      />,
    );
    const list = within(screen.getByRole('list', { name: 'Suggested messages' }));
    expect(
      list.getAllByRole('button', { name: /sent$/ }).map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'Mark the first playful reply sent',
      'Mark the sincere reply sent',
      'Mark the second playful reply sent',
    ]);
    expect(list.getByRole('button', { name: 'Copy the second playful reply' })).toBeTruthy();
  });
});
