/**
 * Reads the fields of a form POST: application/x-www-form-urlencoded or
 * multipart/form-data, the two encodings RFC 8058 one-click unsubscribe
 * requests arrive in. Only simple text fields are read; files are ignored.
 */

/** The fields of a form body, by its content type; an unknown type yields no fields. */
export function parseFormBody(contentType: string | undefined, body: string): Record<string, string> {
  const type = (contentType ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) return parseMultipart(contentType ?? '', body);
  if (type.startsWith('application/x-www-form-urlencoded') || type === '') {
    return Object.fromEntries(new URLSearchParams(body));
  }
  return {};
}

function parseMultipart(contentType: string, body: string): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return {};
  const fields: Record<string, string> = {};
  for (const part of body.split(`--${marker}`)) {
    const split = part.indexOf('\r\n\r\n') >= 0 ? part.indexOf('\r\n\r\n') : part.indexOf('\n\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const name = /content-disposition:[^\n]*\bname="([^"]*)"/i.exec(head)?.[1];
    if (!name || /\bfilename=/i.test(head)) continue;
    fields[name] = part
      .slice(split)
      .replace(/^\r?\n\r?\n/, '')
      .replace(/\r?\n$/, '');
  }
  return fields;
}
