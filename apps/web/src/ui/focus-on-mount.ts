/**
 * A ref that focuses its element when it appears, as React's `autoFocus` does and at the same moment (the commit):
 * for the first field of a form the member has just opened (a dialog's form, the code field after "Send code", an
 * edit form), so typing starts at once. One function for every render, so React calls it only when the element
 * mounts, never on a re-render.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
