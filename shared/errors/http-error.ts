/**
 * The one error vocabulary of the HTTP API. Each error carries a status, a
 * stable dotted code and a human-readable detail; only errors below 500 are
 * exposed to clients, as middy's http-errors convention has it.
 */

export interface FieldError {
  path: string;
  message: string;
}

export class HttpError extends Error {
  override name = 'HttpError';
  readonly expose: boolean;
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail: string,
    readonly options: { errors?: FieldError[]; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(detail, { cause: options.cause });
    this.expose = statusCode < 500;
  }
}

export const badRequest = (detail: string, code = 'request.malformed') => new HttpError(400, code, detail);
export const unauthorized = (detail = 'Authentication required', code = 'auth.required') =>
  new HttpError(401, code, detail, { headers: { 'WWW-Authenticate': 'Bearer' } });
export const forbidden = (detail = 'Not allowed', code = 'auth.forbidden') => new HttpError(403, code, detail);
export const notFound = (detail = 'Not found', code = 'resource.not_found') => new HttpError(404, code, detail);
export const methodNotAllowed = (allowed: string[]) =>
  new HttpError(405, 'request.method_not_allowed', `Method not allowed; use ${allowed.join(', ')}`, {
    headers: { Allow: allowed.join(', ') },
  });
export const conflict = (detail: string, code = 'resource.conflict') => new HttpError(409, code, detail);
export const payloadTooLarge = (limit: number) =>
  new HttpError(413, 'request.too_large', `Request body exceeds ${limit} bytes`);
export const unprocessable = (detail: string, errors: FieldError[] = [], code = 'request.invalid') =>
  new HttpError(422, code, detail, { errors });
export const tooManyRequests = (retryAfterSeconds: number, detail = 'Too many requests; try again later') =>
  new HttpError(429, 'rate_limited', detail, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
export const serviceUnavailable = (detail: string, code = 'dependency.unavailable') =>
  new HttpError(503, code, detail);
