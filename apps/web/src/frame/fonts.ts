/**
 * Shows the page once its fonts are in (index.html keeps the body at opacity 0 until `html.fonts-ready`), so text
 * never jumps from the fallback font. At most `timeoutMs`: a slow or failed font never hides the page (and the
 * page's own CSS shows it after 1 s even if this never runs).
 */
export function revealWhenFontsReady(doc: Document = document, timeoutMs = 1000): void {
  const root = doc.documentElement;
  if (root.classList.contains('fonts-ready')) return;
  const show = () => root.classList.add('fonts-ready');
  const ready = doc.fonts?.ready;
  if (!ready) {
    show();
    return;
  }
  const timer = setTimeout(show, timeoutMs);
  void ready.then(
    () => {
      clearTimeout(timer);
      show();
    },
    () => {
      clearTimeout(timer);
      show();
    },
  );
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
