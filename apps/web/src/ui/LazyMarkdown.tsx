import { lazy, Suspense } from 'react';
import { usePageDataPending } from '../frame/page-data';
import { loadAiText, loadedAiText, type AiTextComponent } from './ai-text-loader';
import { cn } from './cn';

interface MarkdownProps {
  children: string;
  className?: string;
}

/** How AI text looks as a block of prose: the same while its renderer loads as once it is in, so nothing moves. */
const blockClasses =
  'space-y-3 leading-7 break-words [&_a]:font-medium [&_a]:text-brand [&_a]:underline ' +
  '[&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_strong]:font-semibold';

/** AI text as a block of prose with the renderer given, or the words plain (a paragraph per blank line) without. */
function Block({
  renderer: Renderer,
  children,
  className,
}: MarkdownProps & { renderer: AiTextComponent | null }) {
  return (
    <div className={cn(blockClasses, className)}>
      {Renderer ? (
        <Renderer text={children} />
      ) : (
        children.split(/\n\s*\n/).map((paragraph, index) => <p key={index}>{paragraph}</p>)
      )}
    </div>
  );
}

const LoadedBlock = lazy(async () => {
  const renderer = await loadAiText();
  return { default: (props: MarkdownProps) => <Block renderer={renderer} {...props} /> };
});

/**
 * Until the renderer is in, the words show plain; on a page's first show the page loader waits for it
 * (docs/decisions.md#the-page-loader), so the page appears with its text drawn and nothing moves.
 */
function RendererLoading(props: MarkdownProps) {
  usePageDataPending(true);
  return <Block renderer={null} {...props} />;
}

/** AI text as a block of prose (`Markdown`), its renderer (`loadAiText`) loaded on demand. */
export function LazyMarkdown(props: MarkdownProps) {
  const renderer = loadedAiText();
  if (renderer) return <Block renderer={renderer} {...props} />;
  return (
    <Suspense fallback={<RendererLoading {...props} />}>
      <LoadedBlock {...props} />
    </Suspense>
  );
}
