import { lazy, Suspense, type ComponentType } from 'react';
import { usePageDataPending } from '../frame/page-data';
import { markdownBlockClasses } from './markdown-block';

interface MarkdownProps {
  children: string;
  className?: string;
}

let loading: Promise<{ default: ComponentType<MarkdownProps> }> | null = null;
/** The renderer once it is in (or the plain words, if it could not load): drawn at once, without suspending. */
let loaded: ComponentType<MarkdownProps> | null = null;

/**
 * Starts loading the markdown renderer (react-markdown, in a chunk of its own: it would be most of a page's own
 * code, docs/web.md#budgets), once per page load. A screen calls it where AI text is about to come (the roasts page
 * as it opens, a photo review asked for), so the renderer comes beside the text, not after it. If it cannot load,
 * the text stays plain.
 */
export function loadMarkdown(): Promise<{ default: ComponentType<MarkdownProps> }> {
  loading ??= import('./Markdown')
    .then(
      (module) => module.Markdown,
      () => PlainText,
    )
    .then((component) => {
      loaded = component;
      return { default: component };
    });
  return loading;
}

const LoadedMarkdown = lazy(loadMarkdown);

/** The words as they are, a paragraph per blank line, in the renderer's block: what it will draw, unstyled. */
function PlainText({ children, className }: MarkdownProps) {
  return (
    <div className={markdownBlockClasses(className)}>
      {children.split(/\n\s*\n/).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

/**
 * Until the renderer is in, the words show plain; on a page's first show the page loader waits for it
 * (docs/decisions.md#the-page-loader), so the page appears with its text drawn and nothing moves.
 */
function RendererLoading(props: MarkdownProps) {
  usePageDataPending(true);
  return <PlainText {...props} />;
}

/** AI text as a block of prose (`Markdown`), its renderer loaded on demand. */
export function LazyMarkdown(props: MarkdownProps) {
  const Loaded = loaded;
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={<RendererLoading {...props} />}>
      <LoadedMarkdown {...props} />
    </Suspense>
  );
}
