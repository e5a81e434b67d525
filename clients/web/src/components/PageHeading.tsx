// The page's one h1. It names the tab and, after an in-app navigation, takes the focus so a screen reader
// announces the new page and keyboard users start from its top.
import { useEffect, useRef, type ReactNode } from 'react';
import { consumeNavigationFocus } from '../app/navigation-focus.ts';

export function PageHeading({ children, title }: { children: ReactNode; title?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const text = title ?? (typeof children === 'string' ? children : undefined);
  useEffect(() => {
    if (text) document.title = `${text} · BillWatch`;
  }, [text]);
  useEffect(() => {
    if (consumeNavigationFocus()) ref.current?.focus();
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1} className="bw-page-title">
      {children}
    </h1>
  );
}
