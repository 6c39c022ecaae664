import type { MatchLine, MemoryFact, MemoryUsed } from '@wingmate/api-contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchDetail } from '../../testing/matches';
import { call, page, renderScreen } from '../../testing/screens';

const NOW = '2026-11-23T12:00:00.000Z';
const fact = (id: number, text: string, pinned = false): MemoryFact => ({
  id,
  text,
  source: 'wingmate',
  pinned,
  updated_at: NOW,
});
const line = (id: number, side: MatchLine['side'], text: string): MatchLine => ({
  id,
  side,
  text,
  position: id,
  import_id: null,
  created_at: NOW,
});
const used: MemoryUsed = {
  profile_answers: 0,
  match_profile: true,
  notes: true,
  summary: false,
  facts: [1, 2],
  transcript_lines: 12,
  chat_messages: 0,
};

const SAM = matchDetail(3, 'Sam', {
  where_met: 'Hinge',
  memory: {
    summary: 'Sam loves climbing.',
    summary_updated_at: NOW,
    facts: [fact(1, 'Has a dog called Biscuit')],
  },
});
const matchRoutes = {
  [call('getMatch', { id: 3 })]: { data: SAM },
  [call('listMatchLines', { id: 3 })]: {
    data: { results: [line(1, 'me', 'Hey Sam!'), line(2, 'them', 'Hi! Climbing this weekend?')] },
  },
  [call('getMatchChat', { id: 3 })]: { data: page([]) },
  [call('getWhatWorks')]: { data: { kinds: [] } },
};

async function openSam(routes: Parameters<typeof renderScreen>[1] = {}) {
  const rendered = renderScreen('/matches/3', { ...matchRoutes, ...routes });
  await screen.findByRole('heading', { level: 1, name: 'Sam' });
  return rendered;
}

const markOf = (id: string) => call('markSuggestion', { id });
const sent = (requests: { method: string; path: string; body: unknown }[], key: string) =>
  requests.filter((request) => `${request.method} ${request.path}` === key).map((request) => request.body);

describe('/matches/:id (docs/web.md#routes: one match, its memory, conversation, replies and coaching)', () => {
  it("says so when the match is not the person's, with the way back to the list", async () => {
    renderScreen('/matches/9', {
      [call('getMatch', { id: 9 })]: { status: 404, data: { detail: 'Not found.' } },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This match could not be loaded.');
    expect(screen.getByRole('link', { name: 'All matches' }).getAttribute('href')).toBe('/matches');
  });

  it('shows the match, its status, the conversation as bubbles and the memory', async () => {
    await openSam();
    expect(screen.getByText('Met on Hinge')).toBeTruthy();
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Status' }).value).toBe('talking');
    const conversation = within(screen.getByRole('list', { name: 'Conversation with Sam' }));
    expect(conversation.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'YouHey Sam!',
      'SamHi! Climbing this weekend?',
    ]);
    expect(screen.getByText('Sam loves climbing.')).toBeTruthy();
    expect(screen.getByText('Has a dog called Biscuit')).toBeTruthy();
  });

  it('edits a remembered fact, pins it, and deletes it (focus goes on to the new fact)', async () => {
    const { requests } = await openSam({
      [call('deleteMatchMemoryFact', { id: 3, factId: 1 })]: { status: 204 },
      [call('updateMatchMemoryFact', { id: 3, factId: 1 })]: (request) => ({
        data: {
          ...fact(1, 'Has a dog called Biscuit, a beagle'),
          source: 'you',
          pinned: (request.body as { pinned?: boolean }).pinned ?? false,
        },
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Edit fact: Has a dog called Biscuit' }));
    const box = screen.getByRole('textbox', { name: 'Fact' });
    await userEvent.clear(box);
    await userEvent.type(box, 'Has a dog called Biscuit, a beagle{Enter}');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Pin fact: Has a dog called Biscuit, a beagle' }),
    );
    expect(
      await screen.findByRole('button', { name: 'Unpin fact: Has a dog called Biscuit, a beagle' }),
    ).toBeTruthy();
    expect(sent(requests, call('updateMatchMemoryFact', { id: 3, factId: 1 }))).toEqual([
      { text: 'Has a dog called Biscuit, a beagle' },
      { pinned: true },
    ]);
    await userEvent.click(
      screen.getByRole('button', { name: 'Delete fact: Has a dog called Biscuit, a beagle' }),
    );
    expect(await screen.findByText('No facts yet. Add one your wingmate should never forget.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'New fact' }));
  });

  it('answers "What do I answer?" with three replies, their tones and Copy; out of messages, the paywall', async () => {
    // user-event puts its clipboard on the page, so the copy lands where the test can read it.
    userEvent.setup();
    let calls = 0;
    await openSam({
      [call('suggestMatchReplies', { id: 3 })]: () =>
        ++calls === 1
          ? { status: 402, data: { detail: 'No messages left.', code: 'no_messages' } }
          : {
              status: 201,
              data: {
                suggestions: [
                  {
                    id: 'a',
                    kind: 'reply',
                    tone: 'playful',
                    text: 'Only if you belay me.',
                    sounds_like_you: null,
                  },
                  {
                    id: 'b',
                    kind: 'reply',
                    tone: 'sincere',
                    text: 'I would love that.',
                    sounds_like_you: null,
                  },
                  { id: 'c', kind: 'reply', tone: 'witty', text: 'Rock on.', sounds_like_you: null },
                ],
                used,
                remaining_messages: 4,
                created_at: NOW,
              },
            },
    });
    await userEvent.click(screen.getByRole('button', { name: 'What do I answer?' }));
    const paywall = await screen.findByRole('alert');
    expect(within(paywall).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
    await userEvent.click(screen.getByRole('button', { name: 'What do I answer?' }));
    const replies = within(await screen.findByRole('list', { name: 'Suggested replies' }));
    expect(replies.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'PlayfulOnly if you belay me.CopySent',
      'SincereI would love that.CopySent',
      'WittyRock on.CopySent',
    ]);
    await userEvent.click(replies.getByRole('button', { name: 'Copy the sincere reply' }));
    expect(await navigator.clipboard.readText()).toBe('I would love that.');
    expect(screen.getByText('Used: their profile, notes, 2 facts, last 12 lines')).toBeTruthy();
  });

  it('asks the wingmate in the coaching chat, and shows what the reply used', async () => {
    const { requests } = await openSam({
      [call('sendMatchChatMessage', { id: 3 })]: {
        status: 201,
        data: {
          id: 10,
          body: 'Where should we go?',
          reply: { id: 11, role: 'ai', body: 'A climbing gym, then tacos.', used, created_at: NOW },
          remaining_messages: 3,
        },
      },
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Ask your wingmate' }), 'Where should we go?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const chat = within(await screen.findByRole('list', { name: 'Coaching chat' }));
    expect(chat.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Where should we go?',
      'A climbing gym, then tacos.Used: their profile, notes, 2 facts, last 12 lines',
    ]);
    expect(
      requests.find(
        (request) => `${request.method} ${request.path}` === call('sendMatchChatMessage', { id: 3 }),
      )?.headers['idempotency-key'],
    ).toBeTruthy();
  });

  it("offers the coaching answer's reply to their line as a card, where a date can be planned from it", async () => {
    const offered = {
      id: 'c-11',
      kind: 'reply',
      tone: 'sincere',
      text: 'Tacos sound perfect.',
      sounds_like_you: 66,
    };
    const { requests } = await openSam({
      [call('sendMatchChatMessage', { id: 3 })]: {
        status: 201,
        data: {
          id: 10,
          body: 'What do I say to the tacos?',
          reply: {
            id: 11,
            role: 'ai',
            body: 'One way to answer: "Tacos sound perfect."',
            used,
            created_at: NOW,
          },
          remaining_messages: 3,
          suggestions: [offered],
        },
      },
      [markOf('c-11')]: {
        data: {
          id: 'c-11',
          kind: 'reply',
          tone: 'sincere',
          sent: true,
          outcome: 'date_planned',
          match_id: 3,
        },
      },
    });
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Ask your wingmate' }),
      'What do I say to the tacos?',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const chat = within(await screen.findByRole('list', { name: 'Coaching chat' }));
    const card = within(
      within(await chat.findByRole('list', { name: 'Suggested messages' })).getByRole('listitem'),
    );
    expect(card.getByText('Tacos sound perfect.')).toBeTruthy();
    expect(card.getByText('Sounds like you: 66')).toBeTruthy();
    await userEvent.click(card.getByRole('button', { name: 'Mark the sincere reply sent' }));
    await userEvent.click(await card.findByRole('button', { name: 'Date planned from the sincere reply' }));
    expect(await card.findByText('Marked: Date planned')).toBeTruthy();
    expect(sent(requests, markOf('c-11')).at(-1)).toEqual({ outcome: 'date_planned' });
  });

  it('reads dropped screenshots with their progress announced, then adds the checked lines (one side flipped)', async () => {
    const screenshot = (id: number, status: 'reading' | 'read', progress: number) => ({
      id,
      status,
      progress,
      error: null,
      line_count: status === 'read' ? 1 : 0,
      created_at: NOW,
    });
    const matchImport = (
      status: 'open' | 'reading' | 'ready',
      screenshots: unknown[],
      lines: unknown[] = [],
    ) => ({
      id: 7,
      status,
      screenshots,
      lines,
      created_at: NOW,
    });
    const ready = matchImport(
      'ready',
      [screenshot(1, 'read', 100), screenshot(2, 'read', 100)],
      [
        { side: 'them', text: 'Coffee on Sunday?' },
        { side: 'them', text: 'Sounds great' },
      ],
    );
    let uploads = 0;
    const { requests } = await openSam({
      [call('createMatchImport', { id: 3 })]: { status: 201, data: matchImport('open', []) },
      [call('uploadMatchScreenshot', { id: 3, importId: 7 })]: () =>
        ++uploads === 1
          ? { status: 202, data: matchImport('reading', [screenshot(1, 'reading', 40)]) }
          : { status: 202, data: ready },
      [call('getMatchImport', { id: 3, importId: 7 })]: { data: ready },
      [call('addMatchLines', { id: 3 })]: { status: 201, data: { results: [] } },
    });
    const png = (name: string) => new File(['png'], name, { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('screenshot-input'), [png('one.png'), png('two.png')]);
    const check = within(await screen.findByRole('form', { name: 'Check the conversation read' }));
    expect(screen.getByText('Read 2 screenshots: 2 lines to check.')).toBeTruthy();
    await userEvent.click(check.getByRole('button', { name: 'Flip side of line 2: Sounds great' }));
    expect(check.getByRole('textbox', { name: 'Line 2, You' })).toBeTruthy();
    await userEvent.click(check.getByRole('button', { name: 'Add to conversation' }));
    expect(await screen.findByText('Added to the conversation')).toBeTruthy();
    expect(sent(requests, call('addMatchLines', { id: 3 }))).toEqual([
      {
        import_id: 7,
        lines: [
          { side: 'them', text: 'Coffee on Sunday?' },
          { side: 'me', text: 'Sounds great' },
        ],
      },
    ]);
    expect(sent(requests, call('uploadMatchScreenshot', { id: 3, importId: 7 }))).toHaveLength(2);
  });

  it('deletes the match after the confirmation, and goes back to the list', async () => {
    const { requests, router } = await openSam({
      [call('deleteMatch', { id: 3 })]: { status: 204 },
      [call('listMatches')]: { data: page([]) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Sam?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete match' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/matches'));
    expect(sent(requests, call('deleteMatch', { id: 3 }))).toHaveLength(1);
  });
});

describe('/matches/:id replies (docs/product.md#sounds-like-me, docs/product.md#what-works-for-you)', () => {
  const scored = (playful: number | null, sincere: number | null, confident: number | null) => ({
    status: 201,
    data: {
      suggestions: [
        {
          id: 'a',
          kind: 'reply',
          tone: 'playful',
          text: 'haha only if u belay me',
          sounds_like_you: playful,
        },
        { id: 'b', kind: 'reply', tone: 'sincere', text: 'i would love that', sounds_like_you: sincere },
        { id: 'c', kind: 'reply', tone: 'confident', text: 'saturday. im in', sounds_like_you: confident },
      ],
      used,
      remaining_messages: 4,
      created_at: NOW,
    },
  });
  const ASK = call('suggestMatchReplies', { id: 3 });

  it('shows how much each reply sounds like the person, and no score for a reply without one', async () => {
    await openSam({ [ASK]: scored(82, 64, null) });
    await userEvent.click(screen.getByRole('button', { name: 'What do I answer?' }));
    const replies = within(await screen.findByRole('list', { name: 'Suggested replies' }));
    const items = replies.getAllByRole('listitem');
    expect(within(items[0]!).getByText('Sounds like you: 82')).toBeTruthy();
    expect(within(items[1]!).getByText('Sounds like you: 64')).toBeTruthy();
    expect(within(items[2]!).queryByText(/Sounds like you/)).toBeNull();
    // Scored: the person has a style, so the link to make one is not offered.
    expect(screen.queryByRole('link', { name: 'Make replies sound like you' })).toBeNull();
  });

  it('links to "Sounds like me" before replies are asked for, and while they come without a score', async () => {
    await openSam({ [ASK]: scored(null, null, null) });
    expect(screen.getByRole('link', { name: 'Make replies sound like you' }).getAttribute('href')).toBe(
      '/style',
    );
    await userEvent.click(screen.getByRole('button', { name: 'What do I answer?' }));
    await screen.findByRole('list', { name: 'Suggested replies' });
    expect(screen.queryByText(/Sounds like you:/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Make replies sound like you' })).toBeTruthy();
  });

  it('marks a reply sent, then that they replied, and What works for you counts it', async () => {
    let whatWorksReads = 0;
    const { requests } = await openSam({
      [ASK]: scored(82, 64, 70),
      [markOf('a')]: (request) => ({
        data: {
          id: 'a',
          kind: 'reply',
          tone: 'playful',
          sent: true,
          outcome: (request.body as { outcome: string }).outcome === 'sent' ? null : 'replied',
          match_id: 3,
        },
      }),
      [call('getWhatWorks')]: () => {
        whatWorksReads += 1;
        const replied = whatWorksReads >= 3 ? 1 : 0;
        const sent = whatWorksReads >= 2 ? 1 : 0;
        return {
          data: {
            kinds: [
              {
                kind: 'reply',
                tones: [
                  {
                    tone: 'playful',
                    sent,
                    replied,
                    no_reply: 0,
                    date_planned: 0,
                    reply_rate: replied ? 1 : null,
                    everyone_rate: null,
                    expected_rate: 0.5,
                  },
                ],
              },
            ],
          },
        };
      },
    });
    const card = within(screen.getByRole('region', { name: 'What works for you' }));
    expect(
      await card.findByText(
        'Mark the suggestions you send, and what came of them, to see what works for you.',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'What do I answer?' }));
    const playful = within(
      within(await screen.findByRole('list', { name: 'Suggested replies' })).getAllByRole('listitem')[0]!,
    );
    expect(playful.queryByText(/Marked/)).toBeNull();
    await userEvent.click(playful.getByRole('button', { name: 'Mark the playful reply sent' }));
    expect(await playful.findByText('Marked: Sent')).toBeTruthy();
    expect(playful.queryByRole('button', { name: 'Mark the playful reply sent' })).toBeNull();
    expect(playful.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Copy the playful reply',
      'They replied to the playful reply',
      'No reply to the playful reply',
      'Date planned from the playful reply',
    ]);
    expect(await card.findByText('Playful: 0 of 1 got a reply')).toBeTruthy();
    await userEvent.click(playful.getByRole('button', { name: 'They replied to the playful reply' }));
    expect(await playful.findByText('Marked: They replied')).toBeTruthy();
    expect(await card.findByText('Playful: 1 of 1 got a reply')).toBeTruthy();
    expect(sent(requests, markOf('a'))).toEqual([{ outcome: 'sent' }, { outcome: 'replied' }]);
    // The other replies are still unmarked, each with its own button.
    expect(screen.getByRole('button', { name: 'Mark the sincere reply sent' })).toBeTruthy();
  });

  it('says why a mark failed, and puts the reply back as it was', async () => {
    await openSam({
      [ASK]: scored(82, 64, 70),
      [markOf('b')]: { status: 404, data: { detail: 'This suggestion was not offered to you.' } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'What do I answer?' }));
    const sincere = within(
      within(await screen.findByRole('list', { name: 'Suggested replies' })).getAllByRole('listitem')[1]!,
    );
    await userEvent.click(sincere.getByRole('button', { name: 'Mark the sincere reply sent' }));
    await waitFor(() => expect(sincere.queryByText('Marked: Sent')).toBeNull());
    expect(sincere.getByRole('button', { name: 'Mark the sincere reply sent' })).toBeTruthy();
    expect(sincere.getByText('This suggestion was not offered to you.')).toBeTruthy();
  });
});
