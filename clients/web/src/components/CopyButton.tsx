// A button that copies a value and says so (or says to copy it by hand when the browser refuses).
import { useState } from 'react';
import { copyText } from './copy.ts';

export function CopyButton({ value, label, className = 'usa-button usa-button--outline' }: { value: string; label: string; className?: string }) {
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  return (
    <>
      <button type="button" className={className} onClick={async () => setResult((await copyText(value)) ? 'copied' : 'failed')}>
        {label}
      </button>
      <span role="status" className="font-sans-xs margin-right-1">
        {result === 'copied' ? 'Copied.' : result === 'failed' ? 'Your browser did not allow copying: select the text and copy it.' : ''}
      </span>
    </>
  );
}
