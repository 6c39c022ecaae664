import type { Style, StyleProfile, ToneOutcomes, WhatWorks } from '@wingmate/api-contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { match } from '../../testing/matches';
import { call, page, pageLoaderWhileLoading, renderScreen, TEST_UID } from '../../testing/screens';

const AT = '2026-11-28T03:00:00.000Z';

const PROFILE: StyleProfile = {
  sample_count: 30,
  length: { words: 4, characters: 18 },
  capitals: { starts_capital: 0, all_lowercase: 0.9 },
  endings: { period: 0, exclamation: 0, question: 0.25, none: 0.75, double_exclamation: 0, ellipsis: 0 },
  emoji: { rate: 0.3, favourites: ['😂'] },
  slang: [{ word: 'lol', rate: 0.6 }],
  question_rate: 0.25,
  greetings: { rate: 0.1, words: ['hey'] },
  sign_offs: { rate: 0, words: [] },
};

const styleOf = (profile: StyleProfile | null, fields: Partial<Style> = {}): Style => ({
  profile,
  words: profile ? ['Short messages, about 4 words', 'Mostly lowercase', 'Says lol'] : [],
  sample_count: profile?.sample_count ?? 0,
  edited: false,
  updated_at: profile ? AT : null,
  ...fields,
});
const NO_STYLE = styleOf(null);

const tone = (name: ToneOutcomes['tone'], fields: Partial<ToneOutcomes> = {}): ToneOutcomes => ({
  tone: name,
  sent: 0,
  replied: 0,
  no_reply: 0,
  date_planned: 0,
  reply_rate: null,
  everyone_rate: null,
  expected_rate: 0.5,
  ...fields,
});
const NOTHING_MARKED: WhatWorks = { kinds: [{ kind: 'reply', tones: [tone('playful'), tone('sincere')] }] };

const STYLE = call('getStyle');
const routes = (style: Style, extra: Parameters<typeof renderScreen>[1] = {}) => ({
  [STYLE]: { data: style },
  [call('getWhatWorks')]: { data: NOTHING_MARKED },
  [call('listMatches')]: { data: page([match(3, 'Sam'), match(4, 'Alex')]) },
  ...extra,
});

async function openStyle(style: Style, extra: Parameters<typeof renderScreen>[1] = {}) {
  const rendered = renderScreen('/style', routes(style, extra));
  await screen.findByRole('heading', { level: 1, name: 'Sounds like me' });
  return rendered;
}

const bodiesOf = (requests: { method: string; path: string; body: unknown }[], key: string) =>
  requests.filter((request) => `${request.method} ${request.path}` === key).map((request) => request.body);

describe('/style (docs/web.md#routes: Sounds like me, and what works for you)', () => {
  it("shows the page loader, then explains what to paste when there is no style yet, by the visitor's uid", async () => {
    let answer: (reply: { data: Style }) => void = () => undefined;
    const { requests } = renderScreen(
      '/style',
      routes(NO_STYLE, { [STYLE]: () => new Promise((resolve) => (answer = resolve)) }),
    );
    expect(await pageLoaderWhileLoading(requests, STYLE)).toBeTruthy();
    act(() => answer({ data: NO_STYLE }));
    expect(await screen.findByText('No style yet')).toBeTruthy();
    expect(screen.getByText('No messages yet. Paste some of yours, or learn from a match.')).toBeTruthy();
    expect(screen.getByText(/Paste 20 or more messages you sent, one a line/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit my style' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Forget my style' })).toBeNull();
    expect(requests.find((request) => `${request.method} ${request.path}` === STYLE)?.query.get('uid')).toBe(
      TEST_UID,
    );
  });

  it('says why the style could not be loaded, and loads it again on "Try again"', async () => {
    let calls = 0;
    await openStyle(NO_STYLE, {
      [STYLE]: () =>
        ++calls === 1
          ? { status: 403, data: { detail: 'This uid belongs to an account.' } }
          : { data: styleOf(PROFILE) },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your style could not be loaded.');
    expect(alert.textContent).toContain('This uid belongs to an account.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Your style in plain words' })).toBeTruthy();
  });

  it('shows the style in plain words and where it came from', async () => {
    await openStyle(styleOf(PROFILE, { edited: true }));
    const words = within(await screen.findByRole('list', { name: 'Your style in plain words' }));
    expect(words.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Short messages, about 4 words',
      'Mostly lowercase',
      'Says lol',
    ]);
    expect(screen.getByText('Learnt from 30 messages, edited by you')).toBeTruthy();
  });

  it('learns from pasted messages, then shows the style and empties the box', async () => {
    const { requests } = await openStyle(NO_STYLE, {
      [call('addStyleSamples')]: { data: styleOf(PROFILE) },
    });
    const box = screen.getByRole('textbox', { name: 'Your messages' });
    await userEvent.type(box, 'haha yes lol{Enter}omw now');
    await userEvent.click(screen.getByRole('button', { name: 'Learn my style' }));
    expect(await screen.findByRole('list', { name: 'Your style in plain words' })).toBeTruthy();
    expect(await screen.findByText('Style learnt')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(bodiesOf(requests, call('addStyleSamples'))).toEqual([{ text: 'haha yes lol\nomw now' }]);
  });

  it('says what to paste before sending nothing, and shows what the server refused', async () => {
    const { requests } = await openStyle(NO_STYLE, {
      [call('addStyleSamples')]: { status: 400, data: { text: ['No message of yours in that text.'] } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Learn my style' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Paste some messages of your own first, one a line.',
    );
    expect(bodiesOf(requests, call('addStyleSamples'))).toEqual([]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Your messages' }), '   .');
    await userEvent.click(screen.getByRole('button', { name: 'Learn my style' }));
    await waitFor(() => expect(bodiesOf(requests, call('addStyleSamples'))).toHaveLength(1));
    expect((await screen.findByRole('alert')).textContent).not.toBe(
      'Paste some messages of your own first, one a line.',
    );
  });

  it("learns from the person's side of the match they choose", async () => {
    const { requests } = await openStyle(NO_STYLE, {
      [call('addStyleSamples')]: { data: styleOf(PROFILE) },
    });
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Match' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Sam', 'Alex']);
    await userEvent.selectOptions(select, 'Alex');
    await userEvent.click(screen.getByRole('button', { name: 'Use my side' }));
    expect(await screen.findByRole('list', { name: 'Your style in plain words' })).toBeTruthy();
    expect(bodiesOf(requests, call('addStyleSamples'))).toEqual([{ match_id: 4 }]);
  });

  it('points to the matches page when there is no match to learn from', async () => {
    await openStyle(NO_STYLE, { [call('listMatches')]: { data: page([]) } });
    expect(screen.getByRole('link', { name: 'Add a match' }).getAttribute('href')).toBe('/matches');
    expect(screen.queryByRole('combobox', { name: 'Match' })).toBeNull();
  });

  it('edits the style: percentages, the length in words and the lists, and focus goes back to the button', async () => {
    const { requests } = await openStyle(styleOf(PROFILE), {
      [call('updateStyleProfile')]: (request) => ({
        data: styleOf(request.body as StyleProfile, { edited: true }),
      }),
    });
    const edit = screen.getByRole('button', { name: 'Edit my style' });
    await userEvent.click(edit);
    const form = within(screen.getByRole('form', { name: 'Edit my style' }));
    expect(form.getByRole<HTMLInputElement>('spinbutton', { name: 'Have no capital at all (%)' }).value).toBe(
      '90',
    );
    expect(form.getByRole<HTMLInputElement>('textbox', { name: 'Slang' }).value).toBe('lol');
    const words = form.getByRole('spinbutton', { name: 'Typical length in words' });
    expect(document.activeElement).toBe(words);
    await userEvent.clear(words);
    await userEvent.type(words, '6');
    const lowercase = form.getByRole('spinbutton', { name: 'Have no capital at all (%)' });
    await userEvent.clear(lowercase);
    await userEvent.type(lowercase, '50');
    const slang = form.getByRole('textbox', { name: 'Slang' });
    await userEvent.clear(slang);
    await userEvent.type(slang, 'lol, tbh');
    await userEvent.type(form.getByRole('textbox', { name: 'Sign-offs' }), 'xx');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Style saved')).toBeTruthy();
    expect(screen.getByText('Learnt from 30 messages, edited by you')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Edit my style' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit my style' })),
    );
    expect(bodiesOf(requests, call('updateStyleProfile'))).toEqual([
      {
        ...PROFILE,
        length: { words: 6, characters: 18 },
        capitals: { starts_capital: 0, all_lowercase: 0.5 },
        slang: [
          { word: 'lol', rate: 0.6 },
          { word: 'tbh', rate: 0.5 },
        ],
        sign_offs: { rate: 0, words: ['xx'] },
      },
    ]);
  });

  it('says which number is out of range, and what list core-sdk refuses, before sending', async () => {
    const { requests } = await openStyle(styleOf(PROFILE));
    await userEvent.click(screen.getByRole('button', { name: 'Edit my style' }));
    const form = within(screen.getByRole('form', { name: 'Edit my style' }));
    const question = form.getByRole('spinbutton', { name: 'Ask a question (%)' });
    await userEvent.clear(question);
    await userEvent.type(question, '140');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(question.getAttribute('aria-invalid')).toBe('true');
    expect(form.getByText('Enter a percentage from 0 to 100.')).toBeTruthy();
    await userEvent.clear(question);
    await userEvent.type(question, '40');
    await userEvent.type(form.getByRole('textbox', { name: 'Greetings' }), ', , hi');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'Greetings has an empty entry. Remove it or fill it in.',
    );
    expect(bodiesOf(requests, call('updateStyleProfile'))).toEqual([]);
  });

  it('forgets the style after a confirmation; focus goes to the messages box', async () => {
    const { requests } = await openStyle(styleOf(PROFILE), {
      [call('deleteStyle')]: { status: 204 },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Forget my style' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Forget your style?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Keep' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Forget my style' })),
    );
    expect(bodiesOf(requests, call('deleteStyle'))).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Forget my style' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Forget your style?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Forget' }));
    expect(await screen.findByText('No style yet')).toBeTruthy();
    expect(await screen.findByText('Style forgotten')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Your messages' })),
    );
    expect(bodiesOf(requests, call('deleteStyle'))).toHaveLength(1);
  });

  it('keeps the dialog open with the reason when forgetting fails', async () => {
    await openStyle(styleOf(PROFILE), {
      [call('deleteStyle')]: { status: 403, data: { detail: 'This uid belongs to an account.' } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Forget my style' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Forget your style?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Forget' }));
    expect((await dialog.findByRole('alert')).textContent).toContain('This uid belongs to an account.');
    await userEvent.click(dialog.getByRole('button', { name: 'Keep' }));
    expect(await screen.findByRole('list', { name: 'Your style in plain words' })).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Forget my style' })),
    );
  });

  it('says what to do to see what works, until a suggestion is marked', async () => {
    await openStyle(styleOf(PROFILE));
    const card = within(screen.getByRole('region', { name: 'What works for you' }));
    expect(
      card.getByText('Mark the suggestions you send, and what came of them, to see what works for you.'),
    ).toBeTruthy();
  });

  it('shows what works: each tone the person sent, per kind, with its replies', async () => {
    await openStyle(styleOf(PROFILE), {
      [call('getWhatWorks')]: {
        data: {
          kinds: [
            { kind: 'opener', tones: [tone('witty')] },
            {
              kind: 'reply',
              tones: [
                tone('playful', { sent: 6, replied: 3, date_planned: 1, no_reply: 1 }),
                tone('sincere', { sent: 2, no_reply: 2 }),
              ],
            },
          ],
        },
      },
    });
    const card = within(screen.getByRole('region', { name: 'What works for you' }));
    expect(card.queryByRole('heading', { name: 'Openers' })).toBeNull();
    expect(card.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Playful: 4 of 6 got a reply, 1 date planned',
      'Sincere: 0 of 2 got a reply',
    ]);
  });

  it('says why what works could not be loaded, and reads it again on "Try again"', async () => {
    let calls = 0;
    await openStyle(styleOf(PROFILE), {
      [call('getWhatWorks')]: () =>
        ++calls === 1
          ? { status: 403, data: { detail: 'This uid belongs to an account.' } }
          : { data: NOTHING_MARKED },
    });
    const card = within(screen.getByRole('region', { name: 'What works for you' }));
    const alert = await card.findByRole('alert');
    expect(alert.textContent).toContain('What works for you could not be loaded.');
    expect(alert.textContent).toContain('This uid belongs to an account.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await card.findByText(
        'Mark the suggestions you send, and what came of them, to see what works for you.',
      ),
    ).toBeTruthy();
  });
});
