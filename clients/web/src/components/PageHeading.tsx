// The page's one h1. It names the tab (a React 19 <title>, hoisted into the head while the page shows) and, after
// an in-app navigation, takes the focus so a screen reader announces the new page and keyboard users start from its top.
import { useEffect, useRef, type ReactNode } from 'react';
import { consumeNavigationFocus } from '../app/navigation-focus.ts';

export function PageHeading({ children, title }: { children: ReactNode; title?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const text = title ?? (typeof children === 'string' ? children : undefined);
  useEffect(() => {
    if (consumeNavigationFocus()) ref.current?.focus();
  }, []);
  return (
    <>
      {text && <title>{`${text} · BillWatch`}</title>}
      <h1 ref={ref} tabIndex={-1} className="bw-page-title">
        {children}
      </h1>
    </>
  );
}
