import ReactMarkdown from 'react-markdown';
import { cn } from './cn';

/**
 * Text written by the AI, rendered as markdown (paragraphs, lists, emphasis, links) and never as HTML: raw HTML in
 * the text is dropped, so a reply can never inject markup into the page (screens.md, "AI text").
 */
export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div
      className={cn(
        'space-y-3 leading-7 break-words [&_a]:font-medium [&_a]:text-brand [&_a]:underline',
        '[&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_strong]:font-semibold',
        className,
      )}
    >
      <ReactMarkdown skipHtml>{children}</ReactMarkdown>
    </div>
  );
}
