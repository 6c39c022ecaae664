import { render, screen } from '@testing-library/react';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it('with a label is a status read aloud', () => {
    render(<Spinner label="Loading your chats" />);
    expect(screen.getByRole('status').textContent).toBe('Loading your chats');
  });

  it('without a label is decorative: no status, hidden from assistive technology', () => {
    const { container } = render(<Spinner />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});
