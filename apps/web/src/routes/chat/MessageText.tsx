import { useEffect, useState } from 'react';
import { loadAiText, loadedAiText, type AiTextComponent } from '../../ui/ai-text-loader';

/** The renderer once it is in (the chat's first token never waits for it); null until then. */
function useAiText(): AiTextComponent | null {
  const [component, setComponent] = useState<AiTextComponent | null>(loadedAiText);
  useEffect(() => {
    if (component) return;
    let live = true;
    void loadAiText().then((loaded) => live && loaded && setComponent(() => loaded));
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
  const Markdown = useAiText();
  return <div className={proseClasses}>{Markdown ? <Markdown text={text} /> : <p>{text}</p>}</div>;
}
