// Whether the screen is at least as wide as USWDS's tablet breakpoint (640 px), following the browser as it resizes.
// Without matchMedia (a test DOM) the screen counts as wide, so nothing is hidden there by default.
import { useSyncExternalStore } from 'react';

const QUERY = '(min-width: 40em)';
const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const m = media();
  m?.addEventListener('change', onChange);
  return () => m?.removeEventListener('change', onChange);
}

export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches ?? true);
}
