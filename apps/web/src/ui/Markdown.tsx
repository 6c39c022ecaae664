import ReactMarkdown, { type Components } from 'react-markdown';

/**
 * How AI text draws its parts. Links open in a new tab without handing this page to them. An image is shown as
 * its alt text and never fetched: an AI reply can be steered by text it reads (a match's profile, a pasted
 * message), and an image URL would carry chat or profile text to any host (docs/decisions.md#the-browsers-defences).
 */
const components: Components = {
  a: ({ node: _node, children, ...props }) => (
    <a {...props} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
  img: ({ alt }) => (alt ? <>{alt}</> : null),
};

/**
 * Text written by the AI as markdown, safely: raw HTML is dropped (`skipHtml`, and no rehype-raw), link URLs go
 * through react-markdown's default transform (no `javascript:`), images draw as their alt text, and nothing is
 * set as inner HTML (docs/decisions.md#ai-text-renders-no-remote-images).
 */
export function AiText({ text }: { text: string }) {
  return (
    <ReactMarkdown skipHtml components={components}>
      {text}
    </ReactMarkdown>
  );
}
