import { chatAsText } from './export-chat';

describe('"Export this chat" (docs/web.md#routes): the chat as a text file', () => {
  it('writes a dated heading, then who said what, oldest first, with photos marked', () => {
    const text = chatAsText(
      [
        { role: 'user', body: 'Is this photo good?', image: '/uploads/chat/a.jpg' },
        { role: 'ai', body: 'Great light.\nTry a smile.', image: null },
      ],
      new Date('2026-11-23T15:00:00Z'),
    );
    expect(text).toBe(
      'Wingmate chat, exported 2026-11-23\n\nYou:\nIs this photo good?\n[photo]\n\nWingmate:\nGreat light.\nTry a smile.\n',
    );
  });
});
