import type { BioVersion, DatingBio } from '@wingmate/api-contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bioCall, call, pageLoaderWhileLoading, renderScreen, TEST_UID } from '../../testing/screens';

const NOW = '2026-11-23T12:00:00.000Z';

function version(id: number, text: string, how: Partial<BioVersion> = {}): BioVersion {
  return { id, text, tone: null, instruction: null, suggestions: [], marks: [], created_at: NOW, ...how };
}

/** A version offered as a bio line (docs/product.md#what-works-for-you), scored when the person has a style. */
function offered(id: number, tone: 'witty' | 'sincere', score: number | null, how: Partial<BioVersion> = {}) {
  const text = `A ${tone} bio, number ${id}.`;
  const line = { id: `line-${id}`, kind: 'bio_line' as const, tone };
  return version(id, text, {
    tone,
    suggestions: [{ ...line, text, sounds_like_you: score }],
    ...how,
  });
}

function bio(text: string, generated: BioVersion[] = []): DatingBio {
  return { id: 11, uid: TEST_UID, text, created_at: NOW, updated_at: NOW, generated };
}

const notFound = { status: 404, data: { detail: 'No dating bio yet.' } };

async function openBio(routes: Parameters<typeof renderScreen>[1]) {
  const rendered = renderScreen('/bio', routes);
  await screen.findByRole('heading', { level: 1, name: 'Your dating bio' });
  return rendered;
}

describe('/bio (docs/web.md#routes: write, generate, rewrite as asked, pick and save)', () => {
  it('shows a loading state, then an empty editor when there is no bio yet', async () => {
    let answer: (reply: typeof notFound) => void = () => undefined;
    const { requests } = renderScreen('/bio', {
      [bioCall('getDatingBio')]: () => new Promise((resolve) => (answer = resolve)),
    });
    expect(await pageLoaderWhileLoading(requests, bioCall('getDatingBio'))).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Your dating bio' })).toBeNull();
    act(() => answer(notFound));
    const textbox = await screen.findByRole('textbox', { name: 'Your bio' });
    expect((textbox as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByText(/No bio saved yet/)).toBeTruthy();
    expect(screen.getByText('No versions yet. Press Generate to get a few in different tones.')).toBeTruthy();
  });

  it('says why the bio could not be loaded, and loads again on "Try again"', async () => {
    let calls = 0;
    await openBio({
      [bioCall('getDatingBio')]: () =>
        ++calls === 1 ? { status: 403, data: { detail: 'This uid belongs to an account.' } } : notFound,
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This uid belongs to an account.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Your bio' })).toBeTruthy();
  });

  it('shows the saved bio, its versions, and its length against each app’s limit', async () => {
    const text = 'x'.repeat(320);
    await openBio({
      [bioCall('getDatingBio')]: { data: bio(text, [version(3, 'A witty take', { tone: 'witty' })]) },
    });
    expect((await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Your bio' })).value).toBe(text);
    const limits = screen.getByRole('list', { name: 'Length limits' });
    expect(
      within(limits)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Tinder 500: 180 left', 'Bumble 300: 20 over', 'Hinge prompt 150: 170 over']);
    const card = screen.getByRole('article', { name: 'Witty' });
    expect(within(card).getByText('A witty take')).toBeTruthy();
  });

  it('with no bio yet, asks a few questions, saves them as the first draft and writes a version per tone', async () => {
    // Each version its own id, as the server's serial key gives them: the list is keyed by id.
    let lastVersionId = 0;
    const { requests } = await openBio({
      [bioCall('getDatingBio')]: notFound,
      [bioCall('createDatingBio')]: ({ body }) => ({
        status: 201,
        data: bio((body as { text: string }).text),
      }),
      [bioCall('generateDatingBio', { id: 11 })]: ({ body }) => {
        const tone = (body as { tone: string }).tone;
        return { status: 201, data: version(++lastVersionId, `A ${tone} bio`, { tone }) };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Generate' }));
    const questions = screen.getByRole('form', { name: 'A few questions first' });
    await userEvent.type(within(questions).getByRole('textbox', { name: 'What do you do?' }), 'nurse');
    await userEvent.type(
      within(questions).getByRole('textbox', { name: 'What are you looking for?' }),
      'someone kind',
    );
    await userEvent.click(within(questions).getByRole('button', { name: 'Write my bio' }));

    const versions = await screen.findByRole('list', { name: 'Versions' });
    expect(within(versions).getAllByRole('article')).toHaveLength(3);
    for (const tone of ['Warm', 'Witty', 'Bold'])
      expect(screen.getByRole('article', { name: tone })).toBeTruthy();
    const created = requests.find((request) => request.path === '/api/v1/accounts/dating_bio/');
    expect(created?.body).toEqual({ uid: TEST_UID, text: 'Nurse. Looking for someone kind.' });
    expect(
      requests.filter((request) => request.path.endsWith('/11/generate/')).map((request) => request.body),
    ).toEqual([{ tone: 'warm' }, { tone: 'witty' }, { tone: 'bold' }]);
    expect(screen.queryByRole('form', { name: 'A few questions first' })).toBeNull();
  });

  it('refuses the questions left all blank, in words', async () => {
    await openBio({ [bioCall('getDatingBio')]: notFound });
    await userEvent.click(await screen.findByRole('button', { name: 'Generate' }));
    await userEvent.click(screen.getByRole('button', { name: 'Write my bio' }));
    expect(
      screen.getByRole('textbox', { name: 'What do you do?' }).getAttribute('aria-describedby'),
    ).toBeTruthy();
    expect(screen.getByText('Answer at least one question, so the bio sounds like you.')).toBeTruthy();
  });

  it('rewrites as asked ("make it funnier", sent as response_text), then a picked version is saved', async () => {
    const { requests } = await openBio({
      [bioCall('getDatingBio')]: { data: bio('I like hiking.') },
      [bioCall('rewriteDatingBio', { id: 11 })]: {
        status: 201,
        data: version(5, 'I hike. Mostly to snacks.', { instruction: 'make it funnier' }),
      },
      [bioCall('updateDatingBio', { id: 11 })]: ({ body }) => ({
        data: bio((body as { text: string }).text),
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Make it funnier' }));
    await userEvent.click(screen.getByRole('button', { name: 'Rewrite' }));
    const card = await screen.findByRole('article', { name: 'Rewrite: “make it funnier”' });
    expect(requests.at(-1)?.body).toEqual({ response_text: 'make it funnier' });

    await userEvent.click(within(card).getByRole('button', { name: 'Use this' }));
    const textbox = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your bio' });
    expect(textbox.value).toBe('I hike. Mostly to snacks.');
    expect(document.activeElement).toBe(textbox);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bio saved')).toBeTruthy();
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/api/v1/accounts/dating_bio/${TEST_UID}/11/update/`,
      body: { text: 'I hike. Mostly to snacks.' },
    });
  });

  it('asks for the change before rewriting, and shows the server’s words when the AI is out of calls', async () => {
    await openBio({
      [bioCall('getDatingBio')]: { data: bio('I like hiking.') },
      [bioCall('rewriteDatingBio', { id: 11 })]: {
        status: 429,
        data: { detail: 'Too many AI requests; try again in 20 minutes.' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Rewrite' }));
    expect(screen.getByText('Say how to change it, like “make it funnier”.')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'How should it change?' }), 'shorter');
    await userEvent.click(screen.getByRole('button', { name: 'Rewrite' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many AI requests; try again in 20 minutes.',
    );
  });

  it('saves a first bio with the uid, and shows a refusal under the textbox', async () => {
    let calls = 0;
    const { requests } = await openBio({
      [bioCall('getDatingBio')]: notFound,
      [bioCall('createDatingBio')]: ({ body }) =>
        ++calls === 1
          ? { status: 400, data: { text: ['Ensure this field has no more than 5000 characters.'] } }
          : { status: 201, data: bio((body as { text: string }).text) },
    });
    const textbox = await screen.findByRole('textbox', { name: 'Your bio' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Write your bio first, or pick one of the versions below.')).toBeTruthy();
    await userEvent.type(textbox, 'Night-shift nurse.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const error = await screen.findByText('Ensure this field has no more than 5000 characters.');
    expect(textbox.getAttribute('aria-describedby')).toContain(error.id);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bio saved')).toBeTruthy();
    expect(requests.at(-1)?.body).toEqual({ uid: TEST_UID, text: 'Night-shift nurse.' });
    await waitFor(() => expect(screen.queryByText(/No bio saved yet/)).toBeNull());
  });

  it('copies the bio to the clipboard and says so', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await openBio({ [bioCall('getDatingBio')]: { data: bio('I like hiking.') } });
    await userEvent.click(await screen.findByRole('button', { name: 'Copy bio' }));
    expect(writeText).toHaveBeenCalledWith('I like hiking.');
    expect(await screen.findByText('Copied to the clipboard')).toBeTruthy();
  });
});

describe('/bio versions offered as bio lines (docs/product.md#what-works-for-you: score and marks)', () => {
  it("shows each version's score and marks it sent, then that they replied, named by tone and order", async () => {
    const { requests } = await openBio({
      [bioCall('getDatingBio')]: {
        data: bio('I like hiking.', [
          offered(3, 'witty', 71),
          offered(2, 'sincere', 58),
          offered(1, 'witty', 66),
        ]),
      },
      [call('markSuggestion', { id: 'line-1' })]: ({ body }) => {
        const { outcome } = body as { outcome: string };
        const kept = outcome === 'sent' ? null : outcome;
        return {
          data: { id: 'line-1', kind: 'bio_line', tone: 'witty', sent: true, outcome: kept, match_id: null },
        };
      },
      [call('getWhatWorks')]: { data: { kinds: [] } },
    });
    const cards = within(await screen.findByRole('list', { name: 'Versions' })).getAllByRole('article');
    expect(cards.map((card) => within(card).getByText(/Sounds like you/).textContent)).toEqual([
      'Sounds like you: 71',
      'Sounds like you: 58',
      'Sounds like you: 66',
    ]);
    const oldest = within(cards[2]!);
    await userEvent.click(oldest.getByRole('button', { name: 'Mark the second witty bio line sent' }));
    expect(await oldest.findByText('Marked: Sent')).toBeTruthy();
    await userEvent.click(oldest.getByRole('button', { name: 'They replied to the second witty bio line' }));
    expect(await oldest.findByText('Marked: They replied')).toBeTruthy();
    expect(
      requests.filter((request) => request.path === '/api/v1/suggestions/line-1/outcome/').map((r) => r.body),
    ).toEqual([{ outcome: 'sent' }, { outcome: 'replied' }]);
    // Scored: the person has a style, so the way to make one is not offered.
    expect(screen.queryByRole('link', { name: 'Make your bios sound like you' })).toBeNull();
  });

  it('shows the marks kept on the server, and offers a style while the versions come without a score', async () => {
    const line = { id: 'line-4', kind: 'bio_line' as const, tone: 'sincere' as const };
    await openBio({
      [bioCall('getDatingBio')]: {
        data: bio('I like hiking.', [
          offered(4, 'sincere', null, {
            marks: [{ ...line, sent: true, outcome: 'no_reply', match_id: null }],
          }),
          version(1, 'Written before bios were offered as lines', { tone: 'warm' }),
        ]),
      },
    });
    const [marked, older] = within(await screen.findByRole('list', { name: 'Versions' })).getAllByRole(
      'article',
    );
    expect(within(marked!).getByText('Marked: No reply')).toBeTruthy();
    expect(within(marked!).queryByText(/Sounds like you/)).toBeNull();
    expect(within(older!).queryByRole('button', { name: /bio line/ })).toBeNull();
    expect(within(older!).getByRole('button', { name: 'Use this' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Make your bios sound like you' }).getAttribute('href')).toBe(
      '/style',
    );
  });
});
