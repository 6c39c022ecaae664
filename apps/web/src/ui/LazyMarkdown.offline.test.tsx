import { act, render, waitFor } from '@testing-library/react';
import { createPageDataLoads, PageDataProvider } from '../frame/page-data';
import { loadAiText } from './ai-text-loader';
import { LazyMarkdown } from './LazyMarkdown';

// The renderer's chunk cannot be fetched (offline, or a deploy replaced it): its module fails to load.
jest.mock('./Markdown', () => {
  throw new Error('The chunk could not be fetched');
});

describe('AI text whose renderer cannot load', () => {
  it('keeps the words plain, and lets the page show', async () => {
    const loads = createPageDataLoads();
    const { container } = render(
      <PageDataProvider value={loads}>
        <LazyMarkdown>{'Lead with the **dog** photo.\n\nKeep the hiking one.'}</LazyMarkdown>
      </PageDataProvider>,
    );
    await act(() => loadAiText());
    await waitFor(() => expect(loads.pending()).toBe(0));
    expect(container.querySelector('strong')).toBeNull();
    expect([...container.querySelectorAll('p')].map((paragraph) => paragraph.textContent)).toEqual([
      'Lead with the **dog** photo.',
      'Keep the hiking one.',
    ]);
  });
});
