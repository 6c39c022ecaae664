import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryStorage } from '../testing/render-frame';
import { RebrandBanner } from './RebrandBanner';

describe('RebrandBanner (docs/product.md#every-page)', () => {
  it('shows the notice text across the top', () => {
    render(<RebrandBanner noticeId={7} text="Wingmate has a new look" storage={memoryStorage()} />);
    expect(screen.getByRole('region', { name: 'Announcement' }).textContent).toContain(
      'Wingmate has a new look',
    );
  });

  it('is dismissed for good on this device', async () => {
    const storage = memoryStorage();
    const { unmount } = render(<RebrandBanner noticeId={7} text="New look" storage={storage} />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();
    unmount();
    render(<RebrandBanner noticeId={7} text="New look" storage={storage} />);
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();
  });

  it('shows a newer notice even after an older one was dismissed', async () => {
    const storage = memoryStorage();
    const { unmount } = render(<RebrandBanner noticeId={7} text="New look" storage={storage} />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    unmount();
    render(<RebrandBanner noticeId={8} text="New name" storage={storage} />);
    expect(screen.getByRole('region', { name: 'Announcement' }).textContent).toContain('New name');
  });
});
