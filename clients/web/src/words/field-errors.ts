/**
 * A refused form's field errors in plain words. The service's 422 lists `errors: [{path, message}]`, written for
 * API callers ("body.content", "must be at most 10000 characters", zod's "Too big: expected string to have
 * <=64 characters", "a toy_room is needed ..."). A form names its fields (the service's name → the input's id and
 * what a sentence calls it), and each message becomes a sentence about that field; a field the form does not name
 * reads as "What you entered". No field name and no raw validation text reaches the page.
 */
import type { ApiFailure } from '../api/api-failure.ts';

export interface FormField {
  /** The id of the input the message goes beside. */
  id: string;
  /** What a sentence calls the field: "your note", "the email address". */
  label: string;
  /** This form's own words for some messages, tried first: [what the service said, what to show]. */
  words?: readonly (readonly [RegExp, string])[];
}

/** A form's fields by the service's name (the path without `body.`, `query.` or `path.`). */
export type FormFields = Record<string, FormField>;

export interface FieldMessage {
  /** The input it belongs to; none when the form has no field of that name. */
  id?: string;
  message: string;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const sentence = (s: string) => capital(s.trim()).replace(/[.\s]*$/, '.');
/** 10000 characters → 10,000 characters (a count, never a date or an id). */
const counts = (s: string) => s.replace(/\b(\d{4,})(?= [a-z])/g, (n) => Number(n).toLocaleString('en-US'));

/** The message rules, first match wins: zod's own words, then plain ones. */
const RULES: [RegExp, (label: string, m: RegExpExecArray) => string][] = [
  [/^Too big: expected string to have <=\s*(\d+)/, (l, m) => `${capital(l)} can be at most ${counts(`${m[1]} characters`)} long.`],
  [/^Too small: expected string to have >=\s*1\b/, (l) => `Enter ${l}.`],
  [/^Too small: expected string to have >=\s*(\d+)/, (l, m) => `${capital(l)} needs at least ${m[1]} characters.`],
  [/^Too big: expected number to be <=?\s*(\S+)/, (l, m) => `${capital(l)} can be at most ${m[1]}.`],
  [/^Too small: expected number to be >=?\s*(\S+)/, (l, m) => `${capital(l)} must be at least ${m[1]}.`],
  [/^Invalid input: expected \w+, received (undefined|null)/, (l) => `Enter ${l}.`],
  [/^Invalid email/i, (l) => `Enter ${l} as an address like name@example.org.`],
  [/^Invalid URL/i, (l) => `Enter ${l} as a full web address, starting with https://.`],
  [/^Invalid option|expected one of/i, (l) => `Choose ${l} from the list.`],
  [/^Invalid (ISO )?date/i, (l) => `Enter ${l} as a date, such as 2025-01-31.`],
  [/^(Invalid|Expected|Unrecognized)\b/, (l) => `Check ${l}: it is not in a form BillWatch takes.`],
  [/^(is required|is needed)\b/, (l) => `Enter ${l}.`],
  // Plain words that go on from the field ("must be at most 10000 characters") get it as their subject.
  [/^(must|is|are|can|cannot|has|have|should|needs)\b/, (l, m) => sentence(`${l} ${counts(m.input)}`)],
];

/** A message in the API's words: it names a field (snake_case, or a request path). */
const NAMES_A_FIELD = /\b[a-z]+_[a-z_]+\b|\b(body|query|path)\.\w/;

/** One message of the service as a sentence about the field `label`. */
export function plainFieldMessage(label: string, raw: string, words: FormField['words'] = []): string {
  for (const [pattern, text] of words) if (pattern.test(raw)) return text;
  if (NAMES_A_FIELD.test(raw) && !/^(Too|Invalid|Expected|Unrecognized)\b/.test(raw)) {
    if (/\bagain\b/.test(raw)) return `Enter ${label} again.`;
    if (/\b(needed|needs|required)\b/.test(raw)) return `Enter ${label}.`;
    return `Check ${label}: BillWatch could not accept it.`;
  }
  for (const [pattern, text] of RULES) {
    const m = pattern.exec(raw);
    if (m) return text(label, m);
  }
  return sentence(counts(raw));
}

/** The field a service path names, as the form knows it. */
const fieldName = (path: string) => path.replace(/^(body|query|path)\./, '');

/** A failure's field errors as plain messages, in the form's order of fields (those it does not name last). */
export function fieldMessages(failure: ApiFailure | undefined, fields: FormFields): FieldMessage[] {
  if (!failure) return [];
  const order = Object.keys(fields);
  const rank = (path: string) => {
    const i = order.indexOf(fieldName(path));
    return i === -1 ? order.length : i;
  };
  const seen = new Set<string>();
  return [...failure.fieldErrors]
    .sort((a, b) => rank(a.path) - rank(b.path))
    .flatMap((e) => {
      const field = fields[fieldName(e.path)];
      const message = field ? plainFieldMessage(field.label, e.message, field.words) : plainFieldMessage('what you entered', e.message);
      // One message per input: the first the service gave.
      const key = field?.id ?? message;
      if (seen.has(key)) return [];
      seen.add(key);
      return [field ? { id: field.id, message } : { message }];
    });
}
