/**
 * The transport-neutral error vocabulary that use cases throw. The class says
 * what kind of failure it is; `code` is a stable dotted code clients may rely
 * on, `detail` a human-readable sentence, and `errors` names the fields at
 * fault. Nothing here knows a transport: the HTTP edge alone turns these into
 * status codes, headers and bodies (shared/edges/http/error-response.ts).
 */

/** One field at fault: `path` is dotted from where the value came (`body.name`, `query.cursor`). */
export interface FieldError {
  path: string;
  message: string;
}

export interface AppErrorOptions {
  errors?: FieldError[];
  cause?: unknown;
}

export abstract class AppError extends Error {
  readonly errors: FieldError[] | undefined;
  constructor(
    readonly detail: string,
    readonly code: string,
    options: AppErrorOptions = {},
  ) {
    super(detail, { cause: options.cause });
    this.errors = options.errors;
  }
}

/** The thing asked for does not exist (or the caller may not know it does). */
export class NotFoundError extends AppError {
  override name = 'NotFoundError';
  constructor(detail = 'Not found', code = 'resource.not_found', options?: AppErrorOptions) {
    super(detail, code, options);
  }
}

/** The request clashes with the current state (a name taken, a batch already running). */
export class ConflictError extends AppError {
  override name = 'ConflictError';
  constructor(detail: string, code = 'resource.conflict', options?: AppErrorOptions) {
    super(detail, code, options);
  }
}

/** The input is well-formed but not acceptable; `errors` always lists the fields at fault (possibly none). */
export class InvalidInputError extends AppError {
  override name = 'InvalidInputError';
  declare readonly errors: FieldError[];
  constructor(detail: string, errors: FieldError[] = [], code = 'request.invalid', options: Omit<AppErrorOptions, 'errors'> = {}) {
    super(detail, code, { ...options, errors });
  }
}

/** No valid identity: credentials missing, wrong or expired. */
export class UnauthenticatedError extends AppError {
  override name = 'UnauthenticatedError';
  constructor(detail = 'Authentication required', code = 'auth.required', options?: AppErrorOptions) {
    super(detail, code, options);
  }
}

/** A known caller who may not do this. */
export class ForbiddenError extends AppError {
  override name = 'ForbiddenError';
  constructor(detail = 'Not allowed', code = 'auth.forbidden', options?: AppErrorOptions) {
    super(detail, code, options);
  }
}

/** Too many attempts; the caller may try again after `retryAfterSeconds`. */
export class RateLimitedError extends AppError {
  override name = 'RateLimitedError';
  constructor(
    readonly retryAfterSeconds: number,
    detail = 'Too many requests; try again later',
    code = 'rate_limited',
    options?: AppErrorOptions,
  ) {
    super(detail, code, options);
  }
}

/** A dependency (a provider, the job bus, the LLM) failed or refused; the request itself was fine. */
export class UnavailableError extends AppError {
  override name = 'UnavailableError';
  constructor(detail: string, code = 'dependency.unavailable', options?: AppErrorOptions) {
    super(detail, code, options);
  }
}
