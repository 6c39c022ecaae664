/** The two families of styles.css's @font-face rules, as `FontFaceSet.load` takes them. */
export const PAGE_FONTS = ['1em "Inter Variable"', '1em "Fraunces Variable"'];

/**
 * Shows the page once its fonts are in (index.html keeps the body at opacity 0 until `html.fonts-ready`), so text
 * never jumps from the fallback font, and resolves then. At most `timeoutMs`: a slow or failed font never hides the
 * page (and the page's own CSS shows it after 1 s even if this never runs). The fonts are asked for by name, since
 * `document.fonts.ready` alone resolves at once while no text uses them yet.
 */
export function revealWhenFontsReady(doc: Document = document, timeoutMs = 1000): Promise<void> {
  const root = doc.documentElement;
  if (root.classList.contains('fonts-ready')) return Promise.resolve();
  const show = () => root.classList.add('fonts-ready');
  const fonts = doc.fonts;
  if (!fonts) {
    show();
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      show();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    void Promise.all(PAGE_FONTS.map((font) => fonts.load(font)))
      .then(() => fonts.ready)
      .then(done, done);
  });
}

/**
 * Resolves once the page is shown (`html.fonts-ready`), or after `timeoutMs`, when index.html's own CSS shows it
 * anyway. Work that must not compete with the first paint waits for this.
 */
export function whenRevealed(doc: Document = document, timeoutMs = 1000): Promise<void> {
  const root = doc.documentElement;
  if (root.classList.contains('fonts-ready')) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => {
      if (root.classList.contains('fonts-ready')) done();
    });
    observer.observe(root, { attributes: true, attributeFilter: ['class'] });
    const timer = setTimeout(done, timeoutMs);
  });
}
