import ReactMarkdown, { type Components } from 'react-markdown';

/** Links open in a new tab without handing this page to them; everything else is react-markdown's plain output. */
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer nofollow" />,
};

/**
 * The AI's text as markdown, safely: raw HTML is dropped (`skipHtml`, and no rehype-raw), link and image URLs go
 * through react-markdown's default transform (no `javascript:`), and nothing is set as inner HTML.
 */
export default function Markdown({ text }: { text: string }) {
  return (
    <ReactMarkdown skipHtml components={components}>
      {text}
    </ReactMarkdown>
  );
}
