import type { ChatMessage } from '@wingmate/core-sdk';

/** The chat as a plain text file: one block per message, who and the text (photos as a line). */
export function chatAsText(
  messages: readonly Pick<ChatMessage, 'role' | 'body' | 'image'>[],
  exportedAt: Date,
): string {
  const blocks = messages.map((message) => {
    const who = message.role === 'user' ? 'You' : 'Wingmate';
    const photo = message.image ? '\n[photo]' : '';
    return `${who}:\n${message.body}${photo}`;
  });
  return [`Wingmate chat, exported ${exportedAt.toISOString().slice(0, 10)}`, ...blocks].join('\n\n') + '\n';
}

/** Saves text as a file through a temporary link (the browser's download). */
export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
