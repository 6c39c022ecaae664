/**
 * Jest's stand-in for `Markdown` (`jest.mock('../../ui/Markdown')` in a test): react-markdown ships as ES modules
 * only, which this Jest setup does not load, so the text shows as it is. The browser tests render the real one.
 */
export function Markdown({ children }: { children: string }) {
  return <div>{children}</div>;
}
