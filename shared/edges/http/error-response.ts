/**
 * The one place where a failure becomes an HTTP response. Each class of the
 * neutral vocabulary (shared/errors/app-error.ts) has its status code and
 * headers here; the body is always `{detail, code}`, plus `errors` when the
 * error names fields. Request-level HttpErrors carry their own status. Anything
 * else is unexpected: logged with the request id and answered as a bare 500.
 */
import { htmlSecurityHeaders, PAGE_CSP } from '#shared/domain/web/content-security.ts';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  RateLimitedError,
  UnauthenticatedError,
  UnavailableError,
} from '#shared/errors/app-error.ts';
import { ConfigError } from '#shared/platform/config.ts';
import { logger } from '#shared/platform/logger.ts';
import { problemPage } from '#shared/domain/notify/unsubscribe-page.ts';
import { HttpError } from './http-error.ts';

interface StatusAndHeaders {
  status: number;
  headers?: Record<string, string>;
}

/** Whole seconds for Retry-After: rounded up, at least 1. */
export const retryAfterHeader = (seconds: number) => String(Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : 1);

/** The status and extra headers of a neutral error; undefined for a kind this edge does not know. */
export function httpStatusOf(err: AppError): StatusAndHeaders | undefined {
  if (err instanceof InvalidInputError) return { status: 422 };
  if (err instanceof NotFoundError) return { status: 404 };
  if (err instanceof ConflictError) return { status: 409 };
  if (err instanceof UnauthenticatedError) return { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } };
  if (err instanceof ForbiddenError) return { status: 403 };
  if (err instanceof RateLimitedError) return { status: 429, headers: { 'Retry-After': retryAfterHeader(err.retryAfterSeconds) } };
  if (err instanceof UnavailableError) return { status: 503 };
  return undefined;
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };

/** Renders an error as the API's JSON error body; unexpected errors are logged and hidden. */
export function errorResponse(err: unknown, requestId?: string): APIGatewayProxyStructuredResultV2 {
  if (err instanceof HttpError) {
    return { statusCode: err.statusCode, headers: { ...JSON_HEADERS, ...err.headers }, body: JSON.stringify({ detail: err.detail, code: err.code }) };
  }
  const mapped = err instanceof AppError ? httpStatusOf(err) : undefined;
  if (err instanceof AppError && mapped) {
    // A dependency failure is ours to look into, though its detail is safe to show.
    if (mapped.status >= 500) logger.error('dependency failure', { requestId, code: err.code, detail: err.detail, cause: String(err.cause ?? '') });
    return {
      statusCode: mapped.status,
      headers: { ...JSON_HEADERS, ...(mapped.headers ?? {}) },
      body: JSON.stringify({ detail: err.detail, code: err.code, ...(err.errors ? { errors: err.errors } : {}) }),
    };
  }
  logger.error('unhandled error', { requestId, error: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err) });
  const detail = err instanceof ConfigError ? 'The service is misconfigured' : 'Internal server error';
  return { statusCode: 500, headers: { ...JSON_HEADERS }, body: JSON.stringify({ detail, code: 'internal' }) };
}

/**
 * The same failure for a route whose success is an HTML page (the unsubscribe
 * links people open in a browser): same status and headers, as a readable page.
 */
export function htmlErrorResponse(err: unknown, requestId?: string): APIGatewayProxyStructuredResultV2 {
  const json = errorResponse(err, requestId);
  const { detail } = JSON.parse(String(json.body)) as { detail: string };
  return {
    ...json,
    headers: { ...json.headers, 'Content-Type': 'text/html; charset=utf-8', ...htmlSecurityHeaders(PAGE_CSP) },
    body: problemPage(json.statusCode ?? 500, detail),
  };
}
