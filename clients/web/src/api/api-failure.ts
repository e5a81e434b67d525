/**
 * Every failed API call as one error type: the HTTP status (0 when the request never reached the service) and the
 * `detail` the service wrote, so pages show the service's own words and offer a retry where one can help.
 */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly code: string | undefined = undefined,
    readonly fieldErrors: { path: string; message: string }[] = [],
  ) {
    super(detail);
    this.name = 'ApiFailure';
  }

  /** A failure a second try may cure: offline, a 5xx, or rate limiting. */
  get retryable(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 429;
  }
}

/** Any thrown value as an ApiFailure (a bug in the app reads as status 0 with its message). */
export function asFailure(err: unknown): ApiFailure {
  if (err instanceof ApiFailure) return err;
  if (err instanceof Error) return new ApiFailure(0, err.message);
  return new ApiFailure(0, String(err));
}

/** A refusal that lists no `errors` but names its field in the detail ("Invalid query.q: ..."), as that field's error. */
function fieldErrorOfDetail(detail: string): { path: string; message: string }[] {
  const m = /^Invalid ((?:body|query|path)\.[\w.]+): (.+)$/s.exec(detail);
  return m ? [{ path: m[1]!, message: m[2]! }] : [];
}

/** Reads a failed response's body into an ApiFailure: `{detail, code, errors}` when JSON, else the status text. */
export async function failureOf(response: Response): Promise<ApiFailure> {
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    body = undefined;
  }
  if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') {
    const b = body as { detail: string; code?: unknown; errors?: unknown };
    const errors = Array.isArray(b.errors) ? (b.errors as { path: string; message: string }[]) : fieldErrorOfDetail(b.detail);
    return new ApiFailure(response.status, b.detail, typeof b.code === 'string' ? b.code : undefined, errors);
  }
  const fallback = response.status >= 500 ? 'The service is having trouble right now.' : `The request failed (${response.status}).`;
  return new ApiFailure(response.status, response.statusText ? `${fallback} ${response.statusText}.` : fallback);
}
