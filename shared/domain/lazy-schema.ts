/**
 * A schema built on its first call and the same instance after. For the
 * schemas only the route table reads (reply shapes, request bodies and
 * parameters): a route's schema is built when the route first reads it
 * (shared/http/route.ts), so an API function's cold start builds none of them
 * and a request builds only its own route's. The same instance on every call,
 * as the OpenAPI document's `.meta({ id })` components need.
 */
import type * as z from 'zod';

export function lazySchema<S extends z.ZodType>(build: () => S): () => S {
  let schema: S | undefined;
  return () => (schema ??= build());
}
