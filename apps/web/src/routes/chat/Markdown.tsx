import { AiText } from '../../ui/Markdown';

/** The chat's markdown renderer, in its own chunk (MessageText.tsx): the same rules as all AI text. */
export default function Markdown({ text }: { text: string }) {
  return <AiText text={text} />;
}
