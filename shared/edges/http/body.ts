/**
 * Reading a request body: the 64 KB cap (413), base64 decoding of API
 * Gateway's binary bodies, and JSON parsing (400 on malformed JSON).
 */
import { badRequest, payloadTooLarge } from './http-error.ts';

export const MAX_BODY_BYTES = 64 * 1024;

/** The raw body as UTF-8 text, refusing anything over the cap. */
export function rawBody(body: string | undefined, isBase64Encoded: boolean | undefined): string {
  if (body === undefined || body === null) return '';
  const buffer = isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
  if (buffer.byteLength > MAX_BODY_BYTES) throw payloadTooLarge(MAX_BODY_BYTES);
  return buffer.toString('utf8');
}

/** Parses JSON text; an empty body is undefined so the schema can say what is missing. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON', 'request.malformed_json');
  }
}
