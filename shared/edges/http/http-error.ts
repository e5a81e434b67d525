/**
 * Failures of the HTTP request itself, which no use case can cause: a method
 * the path does not allow (405 with Allow), a body over the cap (413) and a
 * body that is not JSON (400). Every other failure is thrown in the neutral
 * vocabulary of shared/errors/app-error.ts; error-response.ts maps both.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, code = 'request.malformed') => new HttpError(400, code, detail);
export const methodNotAllowed = (allowed: string[]) =>
  new HttpError(405, 'request.method_not_allowed', `Method not allowed; use ${allowed.join(', ')}`, { Allow: allowed.join(', ') });
export const payloadTooLarge = (limit: number) => new HttpError(413, 'request.too_large', `Request body exceeds ${limit} bytes`);
