/**
 * The one error type of provider clients: names the provider and, for a
 * payload that does not match its schema, the field, so a malformed response
 * is a clear error and nothing partial gets written.
 */
import type * as z from 'zod';

export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly provider: string,
    message: string,
    readonly options: {
      status?: number;
      field?: string;
      url?: string;
      cause?: unknown;
      /** Offline (REPLAY_HAR) and the recording holds no answer: asking again cannot help. */
      unrecorded?: boolean;
    } = {},
  ) {
    super(`${provider}: ${message}`, { cause: options.cause });
  }
}

/**
 * Offline (REPLAY_HAR) only: the recording holds no answer for the request, and
 * never will, so retrying it is pointless; callers treat the document as absent.
 */
export class UnrecordedResponseError extends ProviderError {
  override name = 'UnrecordedResponseError';
}

/** True for a provider that cannot answer at all here (offline, nothing recorded), which a retry cannot change. */
export const isUnrecorded = (err: unknown): boolean =>
  err instanceof UnrecordedResponseError || (err instanceof ProviderError && err.options.unrecorded === true);

/** Parses a provider payload with its schema; a mismatch throws a ProviderError naming the first bad field. */
export function parsePayload<S extends z.ZodType>(provider: string, what: string, schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue ? issue.path.map(String).join('.') || '(root)' : '(root)';
  throw new ProviderError(provider, `malformed ${what}: field ${field}: ${issue?.message ?? 'invalid'}`, { field });
}

/** Parses JSON text from a provider; truncated or non-JSON bodies throw a ProviderError. */
export function parseJsonBody(provider: string, what: string, body: string): unknown {
  try {
    return JSON.parse(body);
  } catch (err) {
    throw new ProviderError(provider, `malformed ${what}: body is not JSON (${(err as Error).message})`, { cause: err });
  }
}
