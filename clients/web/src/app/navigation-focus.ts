/**
 * Whether the next page heading should take the focus: set on every in-app navigation (not on the first load,
 * where the browser's own start is right), taken once by the heading that renders after it.
 *
 * A page whose heading waits for its data renders it a moment after the navigation, and the heading moves the
 * focus in a passive effect, after the page is painted. A person (or a test driving the keyboard) may already have
 * reached a control of the new page by then; taking the focus from it would send their next key press to the
 * heading (a Space meant for a checkbox scrolls the page instead). So the heading takes the focus only while it is
 * still where the navigation left it: on the element that had it then (the link pressed, when it stays on screen)
 * or on nothing (the link went with the old page).
 */
let pending: { from: Element | null } | null = null;

export function markNavigation(): void {
  pending = { from: document.activeElement };
}

export function consumeNavigationFocus(): boolean {
  const mark = pending;
  pending = null;
  if (!mark) return false;
  const now = document.activeElement;
  return now === null || now === document.body || now === mark.from;
}
