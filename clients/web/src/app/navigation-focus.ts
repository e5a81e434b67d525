/**
 * Whether the next page heading should take the focus: set on every in-app navigation (not on the first load,
 * where the browser's own start is right), taken once by the heading that renders after it.
 */
let pending = false;

export function markNavigation(): void {
  pending = true;
}

export function consumeNavigationFocus(): boolean {
  const was = pending;
  pending = false;
  return was;
}
