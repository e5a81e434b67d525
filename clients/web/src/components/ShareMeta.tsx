/**
 * The Open Graph and Twitter tags of a shared brief or collection, as React 19 <meta> elements (hoisted into the
 * head while the page shows, gone when it does not). Link previewers that run no JavaScript read the ones the
 * server writes into the shell (shared/domain/web/share-meta.ts); these keep the tags right for the ones that do.
 */
import { useLocation } from 'react-router';

export function ShareMeta({ title, description }: { title: string; description: string }) {
  const { pathname } = useLocation();
  const desc = description.slice(0, 300);
  return (
    <>
      <meta name="description" content={desc} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={desc} />
      <meta property="og:url" content={`${window.location.origin}${pathname}`} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={desc} />
    </>
  );
}
