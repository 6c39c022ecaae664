import { useEffect, useState, type ComponentType } from 'react';

type MarkdownComponent = ComponentType<{ text: string }>;

let markdown: MarkdownComponent | null = null;
let loading: Promise<MarkdownComponent | null> | null = null;

/**
 * The markdown renderer in its own chunk (react-markdown is heavy; the chat's chunk stays small and the first
 * token never waits for it). Loaded once; if it cannot load, the text stays plain.
 */
export function loadMarkdown(): Promise<MarkdownComponent | null> {
  loading ??= import('./Markdown').then(
    (module) => (markdown = module.default),
    () => null,
  );
  return loading;
}

function useMarkdown(): MarkdownComponent | null {
  const [component, setComponent] = useState<MarkdownComponent | null>(() => markdown);
  useEffect(() => {
    if (component) return;
    let live = true;
    void loadMarkdown().then((loaded) => live && loaded && setComponent(() => loaded));
    return () => {
      live = false;
    };
  }, [component]);
  return component;
}

/** Markdown's blocks, spaced for a chat bubble; paragraphs keep single line breaks (the AI's bullet lines). */
const proseClasses =
  'break-words [&_p]:whitespace-pre-wrap [&>*+*]:mt-2 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal ' +
  '[&_ol]:pl-5 [&_li+li]:mt-1 [&_a]:font-medium [&_a]:underline [&_code]:rounded [&_code]:bg-surface-muted ' +
  '[&_code]:px-1 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-surface-muted [&_pre]:p-3 ' +
  '[&_h1]:text-lg [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_blockquote]:border-l-2 ' +
  '[&_blockquote]:border-line-strong [&_blockquote]:pl-3';

/** The AI's reply as markdown once the renderer is in, plain text (same words, same line breaks) until then. */
export function MessageText({ text }: { text: string }) {
  const Markdown = useMarkdown();
  return <div className={proseClasses}>{Markdown ? <Markdown text={text} /> : <p>{text}</p>}</div>;
}
