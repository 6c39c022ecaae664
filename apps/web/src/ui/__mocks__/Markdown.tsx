/**
 * Jest's stand-in for `AiText` (`jest.mock('../../ui/Markdown')` in a screen's test): the text shows as it is,
 * so a screen's test reads the words without the renderer. The renderer's own rules are tested in
 * `ui/Markdown.test.tsx`, and the browser tests render the real one.
 */
export function AiText({ text }: { text: string }) {
  return <>{text}</>;
}
