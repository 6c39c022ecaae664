import type { BioRequest, ChatRequest, ReplySuggestionRequest } from './ports';
import { bioMessages, chatMessages, replySuggestionMessages } from './prompts';

// docs/product.md#sounds-like-me: a configured model reads the style in plain words and a few of the person's messages.
const request: ReplySuggestionRequest = {
  profile: { answers: [], questionnaire: [] },
  match: { name: 'Sam', whereMet: '', profileText: '', notes: '', summary: '', facts: [], lines: [] },
  history: [],
  tones: ['playful', 'sincere', 'confident'],
  seed: 'seed',
};
function systemOf(input: ReplySuggestionRequest): string {
  const { content } = replySuggestionMessages(input)[0]!;
  if (typeof content !== 'string') throw new Error('the system message is text');
  return content;
}

describe('"What do I answer?" prompt with the texting style', () => {
  it("carries the profile's words and only the newest five messages, each on one line", () => {
    const system = systemOf({
      ...request,
      style: {
        words: ['Mostly lowercase', 'Says lol'],
        samples: ['sample-1', 'sample-2', 'sample-3', 'sample-4', 'sample-5', 'sample-6\nline'],
      },
    });
    expect(system).toContain('- Mostly lowercase\n- Says lol');
    expect(system).toContain(
      "<<<some of the user's own messages>>>\n- sample-2\n- sample-3\n- sample-4\n- sample-5\n- sample-6 line\n<<<end",
    );
    expect(system).not.toContain('sample-1');
  });

  it('says nothing of a style the person has not given', () => {
    expect(systemOf(request)).not.toContain("the user's own messages");
  });
});

describe("the chat's reply helper prompt (docs/product.md#what-works-for-you)", () => {
  const style = { words: ['Mostly lowercase'], samples: ['hey u up'], adapt: (text: string) => text };
  const chat = (overrides: Partial<ChatRequest>): string => {
    const { content } = chatMessages({
      persona: 'companion',
      profile: { answers: [], questionnaire: [] },
      history: [],
      message: { body: 'an opener please' },
      seed: 1,
      ...overrides,
    })[0]!;
    if (typeof content !== 'string') throw new Error('the system message is text');
    return content;
  };

  it('asks for one message in each tone of the order, one a line in the shape read back, in their style', () => {
    const system = chat({ helper: { mode: 'opener', tones: ['witty', 'sincere', 'flirty'] }, style });
    expect(system).toContain(
      'Write exactly 3 suggested messages, one in each of these tones, in this order:\n- witty',
    );
    expect(system).toContain('• playful: "Two truths and a lie: you go first."');
    expect(system).toContain('- Mostly lowercase');
  });

  it("keeps the person's style out of a plain chat, so the companion keeps its own voice", () => {
    const system = chat({ style, message: { body: 'how was your day?' } });
    expect(system).not.toContain('Mostly lowercase');
    expect(system).not.toContain('suggested message');
    expect(system).not.toContain('Whenever you suggest');
  });

  it('asks a plain chat that may suggest messages for them in the shape read back, in their style', () => {
    const opener = chat({ style });
    expect(opener).toContain('Whenever you suggest a first message (an opener) the user can send, put each');
    expect(opener).toContain('- Mostly lowercase');
    expect(chat({ message: { body: 'can you help with my bio?' } })).toContain(
      'Whenever you suggest a line or a draft for their dating bio',
    );
    const match = {
      name: 'Sam',
      whereMet: '',
      profileText: '',
      notes: '',
      summary: '',
      facts: [],
      lines: [],
    };
    expect(chat({ match, message: { body: 'what now?' } })).toContain(
      'Whenever you suggest a reply the user can send to their match',
    );
  });

  it('leaves the shape to the helper when a mode is chosen', () => {
    const system = chat({ helper: { mode: 'opener', tone: 'witty' } });
    expect(system).not.toContain('Whenever you suggest');
    expect(system).toContain('Put each suggested message on its own line');
  });
});

describe('the bio prompt with the texting style (docs/product.md#sounds-like-me)', () => {
  const systemOfBio = (request: BioRequest): string => {
    const { content } = bioMessages(request)[0]!;
    if (typeof content !== 'string') throw new Error('the system message is text');
    return content;
  };

  it("asks for the bio in the person's voice, at a bio's length, with their words and messages", () => {
    const system = systemOfBio({
      answers: [],
      tone: 'warm',
      style: { words: ['Mostly lowercase'], samples: ['hey u up'], adapt: (text: string) => text },
    });
    expect(system).toContain("Write the bio in the user's own voice");
    expect(system).toContain("at a bio's length");
    expect(system).toContain('- Mostly lowercase');
    expect(system).toContain("<<<some of the user's own messages>>>\n- hey u up\n");
  });

  it('writes in its own voice for a person who gave no messages', () => {
    expect(systemOfBio({ answers: [], tone: 'warm' })).not.toContain("user's own");
  });
});
