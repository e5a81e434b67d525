/**
 * Reads the fields of a form POST: application/x-www-form-urlencoded or
 * multipart/form-data, the two encodings RFC 8058 one-click unsubscribe
 * requests arrive in. Only simple text fields are read; files are ignored.
 * The multipart reader is linear in the body (indexOf and split, no
 * backtracking pattern over attacker-sized text), since anyone may post to
 * an unsubscribe link.
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

/** The parameters of a header value (`form-data; name="action"; filename="x"`), names lower-cased, quotes removed. */
function headerParams(value: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const piece of value.split(';')) {
    const eq = piece.indexOf('=');
    if (eq < 0) continue;
    const raw = piece.slice(eq + 1).trim();
    params.set(piece.slice(0, eq).trim().toLowerCase(), raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw);
  }
  return params;
}

function boundaryOf(contentType: string): string | undefined {
  const boundary = headerParams(contentType).get('boundary');
  return boundary && boundary.length <= 200 ? boundary : undefined;
}

function parseMultipart(contentType: string, body: string): Record<string, string> {
  const marker = boundaryOf(contentType);
  if (!marker) return {};
  const fields: Record<string, string> = {};
  for (const part of body.split(`--${marker}`)) {
    const crlf = part.indexOf('\r\n\r\n');
    const split = crlf >= 0 ? crlf : part.indexOf('\n\n');
    if (split < 0) continue;
    const disposition = part
      .slice(0, split)
      .split('\n')
      .find((line) => line.trimStart().toLowerCase().startsWith('content-disposition:'));
    if (!disposition) continue;
    const params = headerParams(disposition.slice(disposition.indexOf(':') + 1));
    const name = params.get('name');
    if (!name || params.has('filename')) continue;
    let value = part.slice(split + (crlf >= 0 ? 4 : 2));
    if (value.endsWith('\r\n')) value = value.slice(0, -2);
    else if (value.endsWith('\n')) value = value.slice(0, -1);
    fields[name] = value;
  }
  return fields;
}
