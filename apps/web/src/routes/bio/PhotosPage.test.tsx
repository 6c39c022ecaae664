import type { BioImage, ImageReview } from '@wingmate/api-contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bioCall, page, pageLoaderWhileLoading, renderScreen, TEST_UID } from '../../testing/screens';

// AI text as plain text: see ui/__mocks__/Markdown.tsx.
jest.mock('../../ui/Markdown');

const NOW = '2026-11-23T12:00:00.000Z';

const image = (id: number): BioImage => ({
  id,
  // Local storage answers a path on the API; the page must load it from the API's origin.
  image: `/uploads/bio/${id}.jpg`,
  width: 800,
  height: 1000,
  created_at: NOW,
});

function review(scores: Record<number, number>): ImageReview {
  return {
    id: 4,
    images: Object.keys(scores).map(Number),
    score: 64,
    summary: 'Bright, friendly photos; lead with your smile.',
    tips: ['Add one full-length photo.'],
    photos: Object.entries(scores).map(([id, score]) => ({
      image: Number(id),
      score,
      tips: [`Reason for photo ${id}`],
    })),
    follow_ups: [],
    created_at: NOW,
    model: { name: 'offline', offline: true },
  };
}

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

async function openPhotos(routes: Parameters<typeof renderScreen>[1]) {
  const rendered = renderScreen('/bio/photos', routes);
  await screen.findByRole('heading', { level: 1, name: 'Your photos' });
  return rendered;
}

describe('/bio/photos (docs/web.md#routes: up to 9 photos, progress and cancel, review with a ranking, follow-ups)', () => {
  it('shows a loading state, then the empty state with the review unavailable', async () => {
    let answer: (reply: { data: unknown }) => void = () => undefined;
    const { requests } = renderScreen('/bio/photos', {
      [bioCall('listDatingBioImages')]: () => new Promise((resolve) => (answer = resolve)),
      [bioCall('listImageReviews')]: { data: page([]) },
    });
    expect(await pageLoaderWhileLoading(requests, bioCall('listDatingBioImages'))).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Your photos' })).toBeNull();
    act(() => answer({ data: page([]) }));
    expect(await screen.findByText('No photos yet. Add a few, then ask for a review.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '0 of 9 photos' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Review my photos' })).toHaveProperty('disabled', true);
  });

  it('says why the photos could not be loaded, and loads again on "Try again"', async () => {
    let calls = 0;
    await openPhotos({
      [bioCall('listDatingBioImages')]: () =>
        ++calls === 1
          ? { status: 403, data: { detail: 'This uid belongs to an account.' } }
          : { data: page([image(1)]) },
      [bioCall('listImageReviews')]: { data: page([]) },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This uid belongs to an account.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const figure = await screen.findByRole('figure', { name: 'Photo 1' });
    expect(within(figure).getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toBe(
      'http://localhost:8000/uploads/bio/1.jpg',
    );
  });

  it('uploads picked photos, and shows a refused one with the server’s words until dismissed', async () => {
    let next = 20;
    const { requests } = await openPhotos({
      [bioCall('listDatingBioImages')]: { data: page([]) },
      [bioCall('listImageReviews')]: { data: page([]) },
      [bioCall('uploadDatingBioImage')]: ({ body }) =>
        ((body as FormData).get('image') as File).name === 'beach.heic'
          ? {
              status: 415,
              data: { detail: 'HEIC photos are not supported yet; please upload a JPEG or PNG.' },
            }
          : { status: 201, data: image(next++) },
    });
    await screen.findByRole('button', { name: 'Attach photo' });
    await userEvent.upload(screen.getByTestId('photo-input'), [
      jpeg('smile.jpg'),
      new File([new Uint8Array([0, 0, 0, 24])], 'beach.heic', { type: 'image/heic' }),
    ]);
    expect(await screen.findByRole('figure', { name: 'Photo 1' })).toBeTruthy();
    const refused = await screen.findByRole('list', { name: 'Photos not uploaded' });
    expect(refused.textContent).toContain(
      'beach.heic: HEIC photos are not supported yet; please upload a JPEG or PNG.',
    );
    expect(screen.getByRole('heading', { level: 2, name: '1 of 9 photos' })).toBeTruthy();
    const sent = requests.filter((request) => request.path.endsWith('/images/create/'));
    expect(sent.map((request) => ((request.body as FormData).get('image') as File).name)).toEqual([
      'smile.jpg',
      'beach.heic',
    ]);
    expect(sent.every((request) => (request.body as FormData).get('uid') === TEST_UID)).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the message about beach.heic' }));
    expect(screen.queryByRole('list', { name: 'Photos not uploaded' })).toBeNull();
  });

  it('uploads photos dropped on the picker', async () => {
    await openPhotos({
      [bioCall('listDatingBioImages')]: { data: page([]) },
      [bioCall('listImageReviews')]: { data: page([]) },
      [bioCall('uploadDatingBioImage')]: { status: 201, data: image(30) },
    });
    const zone = (await screen.findByText(/Drop photos here/)).parentElement!;
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    fireEvent.drop(zone, { dataTransfer: { files: [jpeg('dropped.jpg')] } });
    expect(await screen.findByRole('figure', { name: 'Photo 1' })).toBeTruthy();
  });

  it('shows an upload in flight with its progress bar, and Cancel takes it away', async () => {
    await openPhotos({
      [bioCall('listDatingBioImages')]: { data: page([]) },
      [bioCall('listImageReviews')]: { data: page([]) },
      [bioCall('uploadDatingBioImage')]: () => new Promise(() => undefined),
    });
    await screen.findByRole('button', { name: 'Attach photo' });
    await userEvent.upload(screen.getByTestId('photo-input'), jpeg('slow.jpg'));
    const tile = await screen.findByRole('figure', { name: 'Uploading slow.jpg' });
    expect(within(tile).getByRole('progressbar', { name: 'Uploading slow.jpg' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Review my photos' })).toHaveProperty('disabled', true);
    await userEvent.click(within(tile).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('figure', { name: 'Uploading slow.jpg' })).toBeNull();
    expect(screen.getByText('No photos yet. Add a few, then ask for a review.')).toBeTruthy();
  });

  it('refuses, before sending, the photos past the 9-photo cap', async () => {
    const { requests } = await openPhotos({
      [bioCall('listDatingBioImages')]: { data: page([1, 2, 3, 4, 5, 6, 7, 8].map(image)) },
      [bioCall('listImageReviews')]: { data: page([]) },
      [bioCall('uploadDatingBioImage')]: { status: 201, data: image(9) },
    });
    await screen.findByRole('button', { name: 'Attach photo' });
    await userEvent.upload(screen.getByTestId('photo-input'), [jpeg('ninth.jpg'), jpeg('tenth.jpg')]);
    expect(await screen.findByRole('figure', { name: 'Photo 9' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Photos not uploaded' }).textContent).toContain(
      'tenth.jpg: You can keep at most 9 photos; delete one first.',
    );
    expect(requests.filter((request) => request.path.endsWith('/images/create/'))).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Attach photo' })).toHaveProperty('disabled', true);
  });

  it('reviews the photos: scores, a ranking best first with reasons, and what to drop', async () => {
    const images = [1, 2, 3].map(image);
    await openPhotos({
      [bioCall('listDatingBioImages')]: { data: page(images) },
      [bioCall('listImageReviews')]: { data: page([]) },
      [bioCall('createImageReview')]: { data: review({ 1: 72, 2: 91, 3: 38 }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Review my photos' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Your photo review' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('6.4/10')).toBeTruthy();
    expect(screen.getByText('Bright, friendly photos; lead with your smile.')).toBeTruthy();
    expect(screen.getByText('Offline model')).toBeTruthy();

    const ranking = within(screen.getByRole('list', { name: 'Ranking' }));
    const items = ranking.getAllByRole('listitem', { name: /^\d\. Photo/ });
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      '1. Photo 2, 9.1/10',
      '2. Photo 1, 7.2/10',
      '3. Photo 3, 3.8/10',
    ]);
    expect(within(items[0]!).getByText('Reason for photo 2')).toBeTruthy();
    expect(within(items[2]!).getByText('Suggested to drop: under 5 of 10')).toBeTruthy();
    expect(within(items[0]!).queryByText(/Suggested to drop/)).toBeNull();
    const grid = within(screen.getByRole('figure', { name: 'Photo 2' }));
    expect(grid.getByText('9.1/10')).toBeTruthy();
  });

  it('draws each photo from its stored widths (srcset and sizes) in a box reserved before it loads', async () => {
    const withWidths: BioImage = {
      ...image(7),
      width: 1200,
      height: 900,
      variants: [
        { url: '/uploads/bio/7-w320.jpg', width: 320, height: 240 },
        { url: '/uploads/bio/7-w640.jpg', width: 640, height: 480 },
        { url: '/uploads/bio/7-w1080.jpg', width: 1080, height: 810 },
        { url: '/uploads/bio/7.jpg', width: 1200, height: 900 },
      ],
    };
    await openPhotos({
      [bioCall('listDatingBioImages')]: { data: page([withWidths, image(8)]) },
      [bioCall('listImageReviews')]: { data: page([review({ 7: 80, 8: 60 })]) },
    });
    const photo = within(await screen.findByRole('figure', { name: 'Photo 1' })).getByRole('img');
    const api = 'http://localhost:8000/uploads/bio';
    expect(photo.getAttribute('srcset')).toBe(
      `${api}/7-w320.jpg 320w, ${api}/7-w640.jpg 640w, ${api}/7-w1080.jpg 1080w, ${api}/7.jpg 1200w`,
    );
    // A 4:3 photo cropped into the 4:5 cell is drawn 5/3 as wide as the cell.
    expect(photo.getAttribute('sizes')).toBe(
      '(min-width: 1024px) calc(20rem * 1.67), (min-width: 640px) calc(calc((100vw - 4.5rem) / 3) * 1.67), ' +
        'calc(calc((100vw - 3rem) / 2) * 1.67)',
    );
    expect([photo.getAttribute('width'), photo.getAttribute('height')]).toEqual(['1200', '900']);
    expect(photo.className).toMatch(/aspect-\[4\/5\]/);
    expect([photo.getAttribute('loading'), photo.getAttribute('decoding')]).toEqual(['lazy', 'async']);

    // A record without widths (an older answer) still has a srcset of its original.
    const older = within(screen.getByRole('figure', { name: 'Photo 2' })).getByRole('img');
    expect(older.getAttribute('srcset')).toBe(`${api}/8.jpg 800w`);
    expect(older.getAttribute('sizes')).toMatch(/^\(min-width: 1024px\) 20rem, /);

    const ranking = within(await screen.findByRole('list', { name: 'Ranking' }));
    const thumbnail = ranking.getAllByRole('listitem', { name: /^\d\. Photo/ })[0]!.querySelector('img')!;
    expect(thumbnail.getAttribute('srcset')).toBe(photo.getAttribute('srcset'));
    expect(thumbnail.getAttribute('sizes')).toBe('(min-width: 640px) calc(96px * 1.33), calc(80px * 1.33)');
    expect([thumbnail.getAttribute('width'), thumbnail.getAttribute('height')]).toEqual(['1200', '900']);
  });

  it('shows the server’s words when there is nothing to review', async () => {
    await openPhotos({
      [bioCall('listDatingBioImages')]: { data: page([image(1)]) },
      [bioCall('listImageReviews')]: { data: page([]) },
      [bioCall('createImageReview')]: {
        status: 400,
        data: { detail: 'Upload at least one photo to get a review.' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Review my photos' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Upload at least one photo to get a review.');
  });

  it('answers follow-up questions on the review', async () => {
    const { requests } = await openPhotos({
      [bioCall('listDatingBioImages')]: { data: page([image(1)]) },
      [bioCall('listImageReviews')]: { data: page([review({ 1: 80 })]) },
      [bioCall('followUpImageReview')]: ({ body }) => ({
        status: 201,
        data: {
          question: (body as { response_text: string }).response_text,
          answer: 'Lead with photo 1.',
          created_at: NOW,
        },
      }),
    });
    await screen.findByRole('heading', { level: 2, name: 'Your photo review' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Ask about your review' }), 'Which one first?');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const answers = await screen.findByRole('list', { name: 'Questions and answers' });
    expect(answers.textContent).toBe('Which one first?Lead with photo 1.');
    expect(requests.at(-1)?.body).toEqual({ response_text: 'Which one first?' });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Ask about your review' }).value).toBe('');
  });

  it('deletes a photo (already gone counts as deleted) and marks the review as out of date', async () => {
    await openPhotos({
      [bioCall('listDatingBioImages')]: { data: page([image(1), image(2)]) },
      [bioCall('listImageReviews')]: { data: page([review({ 1: 80, 2: 60 })]) },
      [bioCall('deleteDatingBioImage', { id: 2 })]: { status: 404, data: { detail: 'Not found.' } },
    });
    const second = await screen.findByRole('figure', { name: 'Photo 2' });
    await userEvent.click(within(second).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Photo deleted')).toBeTruthy();
    expect(screen.queryByRole('figure', { name: 'Photo 2' })).toBeNull();
    expect(screen.getByText(/Your photos changed since this review/)).toBeTruthy();
  });
});
