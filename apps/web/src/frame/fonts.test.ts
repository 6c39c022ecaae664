import { revealWhenFontsReady, whenRevealed } from './fonts';

function fakeDocument(ready: Promise<unknown> | undefined) {
  const doc = document.implementation.createHTMLDocument();
  Object.defineProperty(doc, 'fonts', { value: ready ? { ready } : undefined });
  return doc;
}

const revealed = (doc: Document) => doc.documentElement.classList.contains('fonts-ready');

describe('revealWhenFontsReady (spec 2: body hidden until the fonts are in, at most 1 s)', () => {
  afterEach(() => jest.useRealTimers());

  it('shows the page when the fonts are ready', async () => {
    let fontsIn!: () => void;
    const doc = fakeDocument(new Promise<void>((resolve) => (fontsIn = resolve)));
    revealWhenFontsReady(doc);
    expect(revealed(doc)).toBe(false);
    fontsIn();
    await Promise.resolve();
    await Promise.resolve();
    expect(revealed(doc)).toBe(true);
  });

  it('shows the page after 1 s when the fonts never arrive', () => {
    jest.useFakeTimers();
    const doc = fakeDocument(new Promise(() => undefined));
    revealWhenFontsReady(doc);
    jest.advanceTimersByTime(999);
    expect(revealed(doc)).toBe(false);
    jest.advanceTimersByTime(1);
    expect(revealed(doc)).toBe(true);
  });

  it('shows the page at once without the font loading API', () => {
    const doc = fakeDocument(undefined);
    revealWhenFontsReady(doc);
    expect(revealed(doc)).toBe(true);
  });
});

describe('whenRevealed', () => {
  afterEach(() => jest.useRealTimers());

  it('resolves when the page is shown', async () => {
    const doc = fakeDocument(undefined);
    let shown = false;
    void whenRevealed(doc).then(() => (shown = true));
    await Promise.resolve();
    expect(shown).toBe(false);
    doc.documentElement.classList.add('fonts-ready');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shown).toBe(true);
  });

  it('resolves at once when the page is already shown', async () => {
    const doc = fakeDocument(undefined);
    doc.documentElement.classList.add('fonts-ready');
    await expect(whenRevealed(doc)).resolves.toBeUndefined();
  });

  it('resolves after the CSS fallback time when the page is never marked shown', async () => {
    jest.useFakeTimers();
    const doc = fakeDocument(undefined);
    let shown = false;
    void whenRevealed(doc, 1000).then(() => (shown = true));
    jest.advanceTimersByTime(999);
    await Promise.resolve();
    expect(shown).toBe(false);
    jest.advanceTimersByTime(1);
    await Promise.resolve();
    expect(shown).toBe(true);
  });
});
