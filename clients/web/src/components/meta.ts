/**
 * Sets the page's Open Graph and Twitter meta tags (title, description) for a shared brief or collection. Link
 * previewers that run no JavaScript read them only if the server puts them in the shell; this keeps the tags
 * right for the ones that do, and for the browser's own sharing.
 */
import { useEffect } from 'react';

function setMeta(attr: 'property' | 'name', key: string, value: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.append(el);
  }
  el.content = value;
}

export function useShareMeta(title: string | undefined, description: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const desc = (description ?? '').slice(0, 300);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', desc);
    setMeta('property', 'og:url', window.location.href);
    setMeta('name', 'twitter:title', title);
    setMeta('name', 'twitter:description', desc);
    setMeta('name', 'description', desc);
  }, [title, description]);
}
