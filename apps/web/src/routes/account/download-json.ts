/** How long the file's object URL lives: long enough for any browser to have read the blob (FileSaver uses 40 s). */
export const DOWNLOAD_URL_LIFETIME_MS = 60_000;

/**
 * Saves a value as a pretty-printed JSON file through the browser's download (an object URL on a temporary link),
 * so the export arrives as a file the person keeps rather than a page.
 */
export function downloadJson(fileName: string, value: unknown, doc: Document = document): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers read the blob only after the click has returned.
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}

/** `wingmate-data-2026-11-23.json`: the day of the export (UTC) in the name, so several exports sort. */
export function exportFileName(exportedAt: string | Date): string {
  return `wingmate-data-${new Date(exportedAt).toISOString().slice(0, 10)}.json`;
}
