/**
 * The text of anything thrown, for a run record, a log line or a reply's
 * detail: an Error's message, anything else as a string.
 */
export const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));
