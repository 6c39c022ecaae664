import { PAGE_FONTS, revealWhenFontsReady, whenRevealed } from './fonts';

function fakeDocument(fonts?: { load(font: string): Promise<unknown>; ready: Promise<unknown> }) {
  const doc = document.implementation.createHTMLDocument();
  Object.defineProperty(doc, 'fonts', { value: fonts });
  return doc;
}

/** A font loading API whose named loads resolve when `arrive` is called; `asked` lists what was asked for. */
function fakeFonts() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const asked: string[] = [];
  return {
    fonts: {
      load: (font: string) => {
        asked.push(font);
        return arrived;
      },
      ready: Promise.resolve(),
    },
    arrive,
    asked,
  };
}

const revealed = (doc: Document) => doc.documentElement.classList.contains('fonts-ready');
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('revealWhenFontsReady (docs/product.md#every-page: body hidden until the fonts are in, at most 1 s)', () => {
  afterEach(() => jest.useRealTimers());

  it('asks for both families and shows the page once they are in', async () => {
    const fake = fakeFonts();
    const doc = fakeDocument(fake.fonts);
    let resolved = false;
    void revealWhenFontsReady(doc).then(() => (resolved = true));
    expect(fake.asked).toEqual(PAGE_FONTS);
    await flush();
    expect({ revealed: revealed(doc), resolved }).toEqual({ revealed: false, resolved: false });
    fake.arrive();
    await flush();
    expect({ revealed: revealed(doc), resolved }).toEqual({ revealed: true, resolved: true });
  });

  it('shows the page after 1 s when the fonts never arrive', async () => {
    jest.useFakeTimers();
    const doc = fakeDocument(fakeFonts().fonts);
    let resolved = false;
    void revealWhenFontsReady(doc).then(() => (resolved = true));
    jest.advanceTimersByTime(999);
    expect(revealed(doc)).toBe(false);
    jest.advanceTimersByTime(1);
    await flush();
    expect({ revealed: revealed(doc), resolved }).toEqual({ revealed: true, resolved: true });
  });

  it('shows the page when a font fails to load', async () => {
    const doc = fakeDocument({ load: () => Promise.reject(new Error('404')), ready: Promise.resolve() });
    await revealWhenFontsReady(doc);
    expect(revealed(doc)).toBe(true);
  });

  it('shows the page at once without the font loading API', async () => {
    const doc = fakeDocument(undefined);
    await revealWhenFontsReady(doc);
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
