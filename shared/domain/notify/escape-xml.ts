/**
 * Escaping for XML and HTML text: the RSS feed's and the unsubscribe pages'.
 * Its own module so that the pages, which every API function can render for
 * an error (shared/edges/http/error-response.ts), do not bring the feed's event
 * rendering and the status rules into every cold start.
 */

/** Escapes text for XML element content and attribute values; drops characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}
