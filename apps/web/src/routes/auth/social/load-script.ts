const loading = new Map<string, Promise<void>>();

/**
 * Adds an outside script once per page (Google Identity Services, Sign in with Apple JS load only when their
 * client ids are configured: docs/web.md#routes). A failed load is forgotten, so a later try can load it again.
 */
export function loadScript(src: string): Promise<void> {
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(src);
      script.remove();
      reject(new Error(`Could not load ${src}`));
    };
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}
