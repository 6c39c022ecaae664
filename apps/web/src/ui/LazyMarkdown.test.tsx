import { render, screen, waitFor } from '@testing-library/react';
import { createPageDataLoads, PageDataProvider } from '../frame/page-data';
import { LazyMarkdown } from './LazyMarkdown';

const paragraphs = (container: HTMLElement) =>
  [...container.querySelectorAll('p')].map((paragraph) => paragraph.textContent);

// The renderer loads once per page, so the one test sees it load. docs/decisions.md#the-page-loader: the page
// loader waits for it on a page's first show, so the text is never redrawn in front of the person.
describe('AI text with its renderer loaded on demand', () => {
  it('shows the words plain, holding the page loader, until the renderer draws the markdown', async () => {
    const loads = createPageDataLoads();
    const { container } = render(
      <PageDataProvider value={loads}>
        <LazyMarkdown className="text-ink">
          {'Lead with the **dog** photo.\n\nKeep the hiking one.'}
        </LazyMarkdown>
      </PageDataProvider>,
    );
    expect(paragraphs(container)).toEqual(['Lead with the **dog** photo.', 'Keep the hiking one.']);
    expect(loads.pending()).toBe(1);

    expect((await screen.findByText('dog')).tagName).toBe('STRONG');
    expect(paragraphs(container)).toEqual(['Lead with the dog photo.', 'Keep the hiking one.']);
    expect(container.firstElementChild?.classList.contains('text-ink')).toBe(true);
    await waitFor(() => expect(loads.pending()).toBe(0));
  });
});
