import ReactMarkdown, { type Components } from 'react-markdown';
import { cn } from './cn';

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

/** AI text as a block of prose (paragraphs, lists, emphasis, links), for the bio and photo review screens. */
export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div
      className={cn(
        'space-y-3 leading-7 break-words [&_a]:font-medium [&_a]:text-brand [&_a]:underline',
        '[&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_strong]:font-semibold',
        className,
      )}
    >
      <AiText text={children} />
    </div>
  );
}
