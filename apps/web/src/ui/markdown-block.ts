import { cn } from './cn';

/**
 * How AI text looks as a block of prose (paragraphs, lists, emphasis, links): the same while its renderer loads
 * (`LazyMarkdown`) as once it is in (`Markdown`), so the swap moves nothing around it.
 */
export function markdownBlockClasses(className?: string): string {
  return cn(
    'space-y-3 leading-7 break-words [&_a]:font-medium [&_a]:text-brand [&_a]:underline',
    '[&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_strong]:font-semibold',
    className,
  );
}
