/**
 * A schema built on its first call and the same instance after. For every
 * schema an API function's cold start may not need: the ones only the route
 * table reads (reply shapes, request bodies and parameters), whose route
 * builds them when it first reads them (shared/edges/http/route.ts), and the
 * records, ids and enums the use cases and repositories parse with. So an API
 * function's cold start builds none (only the config, shared/platform/config.ts)
 * and a request builds only what it reads. The same instance on every call,
 * as the OpenAPI document's `.meta({ id })` components need.
 */
import type * as z from 'zod';

export function lazySchema<S extends z.ZodType>(build: () => S): () => S {
  let schema: S | undefined;
  return () => (schema ??= build());
}
