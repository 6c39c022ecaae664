import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DOWNLOAD_URL_LIFETIME_MS } from './download-json';
import { call, renderAccount, requestsTo, resetToasts, section } from '../../testing/account';

const exported = { exported_at: '2026-11-23T15:04:05.000Z', user: { pk: 7 }, chat_messages: [] };

/** jsdom has no object URLs and does not download: both are watched here instead. */
function watchDownloads() {
  const blobs: Blob[] = [];
  const links: { href: string; download: string }[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:test/${blobs.length}`;
  });
  const revokeObjectURL = jest.fn();
  URL.revokeObjectURL = revokeObjectURL;
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    links.push({ href: this.href, download: this.download });
  });
  return { blobs, links, revokeObjectURL };
}

/** jsdom's Blob has no `text()`; its FileReader reads it. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    // Read as text, the result is a string.
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The blob could not be read'));
    reader.readAsText(blob);
  });
}

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
  resetToasts();
});

describe('/account, export my data (docs/product.md#accounts-and-signing-in: one JSON document)', () => {
  it('downloads the export as a dated JSON file and frees its URL later', async () => {
    const { blobs, links, revokeObjectURL } = watchDownloads();
    const { requests } = await renderAccount({ [call('exportUser')]: { data: exported } });
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(within(section('Your data')).getByRole('button', { name: 'Export my data' }));

    expect(await screen.findByText('Your data is downloaded')).toBeTruthy();
    expect(requestsTo(requests, 'exportUser')).toHaveLength(1);
    expect(links).toEqual([{ href: 'blob:test/1', download: 'wingmate-data-2026-11-23.json' }]);
    expect(blobs[0]?.type).toBe('application/json');
    expect(document.querySelector('a[download]')).toBeNull();

    expect(revokeObjectURL).not.toHaveBeenCalled();
    act(() => void jest.advanceTimersByTime(DOWNLOAD_URL_LIFETIME_MS));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
    jest.useRealTimers();
    expect(JSON.parse(await readText(blobs[0]!))).toEqual(exported);
  });

  it('says why the export failed and downloads nothing', async () => {
    const { links } = watchDownloads();
    // A 4xx: the transport retries 429 and 5xx answers of GETs with real delays (axios-retry).
    await renderAccount({ [call('exportUser')]: { status: 403, data: { detail: 'Exports are paused.' } } });
    const data = within(section('Your data'));
    await userEvent.click(data.getByRole('button', { name: 'Export my data' }));
    expect((await data.findByRole('alert')).textContent).toBe('Exports are paused.');
    expect(links).toEqual([]);
  });
});
