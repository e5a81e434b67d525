import { afterEach, describe, expect, it, vi } from 'vitest';
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
import { errorResponse } from '#shared/edges/http/error-response.ts';
import { badRequest, methodNotAllowed, payloadTooLarge } from '#shared/edges/http/http-error.ts';
import { ConfigError } from '#shared/platform/config.ts';
import { logger } from '#shared/platform/logger.ts';

const render = (err: unknown, requestId?: string) => {
  const res = errorResponse(err, requestId);
  return { status: res.statusCode, headers: res.headers ?? {}, body: JSON.parse(String(res.body)) as Record<string, unknown> };
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the HTTP mapping of the neutral errors', () => {
  it.each([
    ['not found', new NotFoundError('No bill 118-hr-1', 'bill.not_found'), 404, { detail: 'No bill 118-hr-1', code: 'bill.not_found' }],
    [
      'conflict',
      new ConflictError('You already have a collection named "x"', 'collection.name_taken'),
      409,
      { detail: 'You already have a collection named "x"', code: 'collection.name_taken' },
    ],
    [
      'forbidden',
      new ForbiddenError('This needs an administrator account', 'auth.admin_required'),
      403,
      { detail: 'This needs an administrator account', code: 'auth.admin_required' },
    ],
    [
      'unavailable',
      new UnavailableError('The ZIP lookup is unavailable: timeout', 'zip.lookup_unavailable'),
      503,
      { detail: 'The ZIP lookup is unavailable: timeout', code: 'zip.lookup_unavailable' },
    ],
  ])('answers %s with its status and {detail, code}', (_kind, err, status, body) => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const res = render(err);
    expect(res.status).toBe(status);
    expect(res.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(res.body).toEqual(body);
  });

  it('answers invalid input with 422 and the field errors, an empty list included', () => {
    const errors = [{ path: 'body.name', message: 'is empty' }];
    expect(render(new InvalidInputError('Invalid body.name: is empty', errors, 'collection.invalid_name'))).toEqual({
      status: 422,
      headers: { 'Content-Type': 'application/json' },
      body: { detail: 'Invalid body.name: is empty', code: 'collection.invalid_name', errors },
    });
    expect(render(new InvalidInputError('The cursor is not valid')).body).toEqual({ detail: 'The cursor is not valid', code: 'request.invalid', errors: [] });
  });

  it('answers unauthenticated with 401 and WWW-Authenticate: Bearer', () => {
    expect(render(new UnauthenticatedError())).toEqual({
      status: 401,
      headers: { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Bearer' },
      body: { detail: 'Authentication required', code: 'auth.required' },
    });
  });

  it('answers rate limited with 429 and Retry-After in whole seconds, rounded up, at least 1', () => {
    const res = render(new RateLimitedError(12.2, 'Too many login attempts; try again in 12.2 s'));
    expect(res).toEqual({
      status: 429,
      headers: { 'Content-Type': 'application/json', 'Retry-After': '13' },
      body: { detail: 'Too many login attempts; try again in 12.2 s', code: 'rate_limited' },
    });
    expect(render(new RateLimitedError(0)).headers['Retry-After']).toBe('1');
    expect(render(new RateLimitedError(0.01)).headers['Retry-After']).toBe('1');
    expect(render(new RateLimitedError(Number.NaN)).headers['Retry-After']).toBe('1');
  });

  it('logs a dependency failure with the request id and its cause, and shows only detail and code', () => {
    const log = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const res = render(new UnavailableError('openai did not answer: boom', 'llm.unavailable', { cause: new Error('socket hang up') }), 'req-1');
    expect(res.body).toEqual({ detail: 'openai did not answer: boom', code: 'llm.unavailable' });
    expect(log).toHaveBeenCalledWith(
      'dependency failure',
      expect.objectContaining({ requestId: 'req-1', code: 'llm.unavailable', cause: 'Error: socket hang up' }),
    );
  });

  it('does not log client errors', () => {
    const log = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    render(new NotFoundError());
    render(new InvalidInputError('bad'));
    expect(log).not.toHaveBeenCalled();
  });
});

describe('request-level HTTP errors', () => {
  it('answers 405 with Allow, 413 and 400 with their codes', () => {
    expect(render(methodNotAllowed(['GET', 'POST']))).toEqual({
      status: 405,
      headers: { 'Content-Type': 'application/json', Allow: 'GET, POST' },
      body: { detail: 'Method not allowed; use GET, POST', code: 'request.method_not_allowed' },
    });
    expect(render(payloadTooLarge(65536))).toMatchObject({ status: 413, body: { code: 'request.too_large', detail: 'Request body exceeds 65536 bytes' } });
    expect(render(badRequest('The request body is not valid JSON', 'request.malformed_json'))).toMatchObject({
      status: 400,
      body: { code: 'request.malformed_json' },
    });
  });
});

describe('unexpected errors', () => {
  it('answer a bare 500 without internals, logged with the request id', () => {
    const log = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const res = render(new Error('ConditionalCheckFailed on pk=internal-key-42 at /var/task/x.js'), 'req-7');
    expect(res).toEqual({ status: 500, headers: { 'Content-Type': 'application/json' }, body: { detail: 'Internal server error', code: 'internal' } });
    expect(JSON.stringify(res)).not.toContain('internal-key-42');
    expect(log).toHaveBeenCalledWith('unhandled error', expect.objectContaining({ requestId: 'req-7' }));
    expect(render('a thrown string').status).toBe(500);
  });

  it('say only that the service is misconfigured for a configuration error', () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    expect(render(new ConfigError('JWT_SECRET is missing')).body).toEqual({ detail: 'The service is misconfigured', code: 'internal' });
  });

  it('treat an AppError kind the edge does not map as unexpected', () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    class NewKindError extends AppError {}
    const res = render(new NewKindError('secret internals', 'new.kind'));
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ detail: 'Internal server error', code: 'internal' });
  });

  it('never map by name: an Error named like a neutral error is still a 500', () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const impostor = Object.assign(new Error('No bill'), { name: 'NotFoundError', code: 'bill.not_found', detail: 'No bill' });
    expect(render(impostor).status).toBe(500);
  });
});
