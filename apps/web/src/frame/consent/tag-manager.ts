export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';
const SCRIPT_ID = 'wingmate-tag-manager';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Whether the tag manager's script is on the page (it cannot be taken back out: a withdrawal reloads). */
export function tagManagerLoaded(doc: Document = document): boolean {
  return doc.getElementById(SCRIPT_ID) !== null;
}

/**
 * Loads Google Tag Manager's container `id` once. Call only after the visitor accepted marketing cookies: the
 * tags it loads (ad pixels) set them.
 */
export function loadTagManager(id: string, doc: Document = document): void {
  if (tagManagerLoaded(doc)) return;
  const view = doc.defaultView;
  if (view) {
    view.dataLayer = view.dataLayer ?? [];
    view.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  }
  const script = doc.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(id)}`;
  doc.head.appendChild(script);
}
