import { useSyncExternalStore } from 'react';

export type ColorScheme = 'light' | 'dark';

/** The theme follows the system setting (styles.css switches its tokens on this media query). */
const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const currentScheme = (): ColorScheme => (window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light');

/** The page's colour scheme now, re-rendering when the person (or the system at dusk) switches it. */
export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribe, currentScheme, () => 'light');
}
