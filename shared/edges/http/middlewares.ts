/**
 * The two middy middlewares of every API function: the single point where
 * errors become `{"detail", "code"}` responses (mapped by error-response.ts),
 * and CORS headers for the configured origins.
 */
import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { config } from '#shared/platform/config.ts';
import { errorResponse } from './error-response.ts';

type Mw = middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>;

export function errorMiddleware(): Mw {
  return {
    onError: async (request) => {
      request.response = errorResponse(request.error, request.context?.awsRequestId);
    },
  };
}

const CORS_HEADERS = {
  'Access-Control-Allow-Methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization,Content-Type',
  'Access-Control-Max-Age': '600',
};

/** CORS headers for a request's Origin when it is one of CORS_ORIGINS (or they allow "*"). */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  if (!origin) return {};
  let allowed: string[];
  try {
    allowed = config().CORS_ORIGINS;
  } catch {
    return {};
  }
  if (allowed.includes('*')) return { 'Access-Control-Allow-Origin': '*', ...CORS_HEADERS };
  if (!allowed.includes(origin)) return {};
  return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin', ...CORS_HEADERS };
}

export function corsMiddleware(): Mw {
  const apply: NonNullable<Mw['after']> = async (request) => {
    const headers = request.event.headers ?? {};
    const origin = headers.origin ?? headers.Origin;
    if (!request.response) return;
    const existing = request.response.headers ?? {};
    const cors = corsHeaders(origin);
    // A cacheable answer may already vary on Authorization: keep both.
    const vary = [existing.Vary, cors.Vary].filter(Boolean).join(', ');
    request.response.headers = { ...existing, ...cors, ...(vary ? { Vary: vary } : {}) };
  };
  return { after: apply, onError: apply };
}
