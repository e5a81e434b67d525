/**
 * A modal dialog on the native <dialog> element: the browser traps the focus, Escape closes it and the page
 * behind is inert. Focus goes to the dialog's heading on open and back to what opened it on close.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export function Dialog({ open, onClose, title, children }: { open: boolean; onClose: () => void; title: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    headingRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="bw-dialog"
      aria-labelledby={headingId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open && (
        <div className="usa-modal">
          <div className="usa-modal__content">
            <div className="usa-modal__main">
              <h2 id={headingId} ref={headingRef} tabIndex={-1} className="usa-modal__heading">
                {title}
              </h2>
              {children}
            </div>
            <button type="button" className="usa-button usa-modal__close" aria-label="Close this window" onClick={onClose}>
              <svg className="usa-icon" aria-hidden="true" focusable="false" role="img" viewBox="0 0 24 24" width="24" height="24">
                <path fill="currentColor" d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />
              </svg>
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
