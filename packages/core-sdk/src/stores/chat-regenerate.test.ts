import { canRegenerate, type ChatMessage } from './chat-store';

const message = (role: ChatMessage['role'], change: Partial<ChatMessage> = {}): ChatMessage => ({
  key: `${role}-${Math.random()}`,
  id: 1,
  role,
  body: 'text',
  image: null,
  state: 'done',
  ...change,
});

describe('canRegenerate (docs/decisions.md#screens: the server replaces only the newest reply to a text)', () => {
  it('offers the newest whole, stored reply to a text', () => {
    expect(canRegenerate([message('user'), message('ai')])).toBe(true);
  });

  it('does not offer a reply still arriving, not yet stored, or answering a photo', () => {
    expect(canRegenerate([message('user'), message('ai', { state: 'streaming' })])).toBe(false);
    expect(canRegenerate([message('user'), message('ai', { state: 'waiting' })])).toBe(false);
    expect(canRegenerate([message('user'), message('ai', { id: null })])).toBe(false);
    expect(canRegenerate([message('user', { image: '/media/chat/a.jpg' }), message('ai')])).toBe(false);
  });

  it('does not offer anything when the newest message is the person’s, or there is none', () => {
    expect(canRegenerate([message('ai'), message('user')])).toBe(false);
    expect(canRegenerate([])).toBe(false);
  });
});
