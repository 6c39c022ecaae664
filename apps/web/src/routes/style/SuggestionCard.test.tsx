import type { Suggestion, SuggestionOutcome } from '@wingmate/api-contract';
import type { SuggestionMark } from '@wingmate/core-sdk';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SuggestionCard } from './SuggestionCard';

const opener: Suggestion = {
  id: 's-1',
  kind: 'opener',
  tone: 'witty',
  text: 'On a scale from one to Monday, how is your week?',
  sounds_like_you: 72,
};

/** A card whose marks are saved by `save`, as the outcomes store saves them: pending first, then kept. */
function MarkedCard({ save }: { save: () => Promise<void> }) {
  const [mark, setMark] = useState<SuggestionMark | undefined>();
  const onMark = async (outcome: SuggestionOutcome) => {
    const sent = true;
    const outcomeOf = outcome === 'sent' ? (mark?.outcome ?? null) : outcome;
    setMark({ sent, outcome: outcomeOf, pending: outcome, failed: null });
    await save();
    setMark({ sent, outcome: outcomeOf, pending: null, failed: null });
  };
  return (
    <ul>
      <SuggestionCard
        suggestion={opener}
        mark={mark}
        inMatch={false}
        onMark={(outcome) => void onMark(outcome)}
        onCopy={() => undefined}
      />
    </ul>
  );
}

describe('a suggestion card (docs/product.md#what-works-for-you)', () => {
  it('shows the tone and the score, and names each button by tone and kind', () => {
    render(<MarkedCard save={() => Promise.resolve()} />);
    screen.getByText('Sounds like you: 72');
    screen.getByRole('button', { name: 'Copy the witty opener' });
    screen.getByRole('button', { name: 'Mark the witty opener sent' });
  });

  it('keeps the keyboard in the card: once sent is kept, focus moves to what came of it', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    render(<MarkedCard save={() => new Promise<void>((resolve) => (finish = resolve))} />);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mark the witty opener sent' }));
    await user.keyboard('{Enter}');
    finish();
    await screen.findByText('Marked: Sent');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'They replied to the witty opener' }),
      ),
    );
    expect(screen.queryByRole('button', { name: /Date planned/ })).toBeNull();
  });
});
