/**
 * The OpenAPI 3.1 document, generated from the route table and the same zod
 * schemas that validate requests (zod's own JSON Schema output). Schemas
 * registered with `.meta({ id })` become components referenced by `$ref`
 * rather than inlined copies; descriptions come from each route's
 * `description` and each field's `.describe()`. The typed client
 * (clients/typescript) and the /api/docs page are built from this document.
 */
import * as z from 'zod';
import { API_TAGS, type RouteDef } from './route.ts';
import { CACHE_RULES } from './cache-rules.ts';
import { defaultRateLimitRule, rateLimitSetting, type RateLimitName, type RateLimitRule } from './rate-limits.ts';
import { ErrorBody } from './schemas.ts';
import { WebhookPayload } from '#shared/domain/notify/webhook-payload.ts';

type JsonSchema = Record<string, unknown>;

const DEFS = '#/$defs/';
const COMPONENTS = '#/components/schemas/';
/** The suffix a component's input (request) form carries until it is known to differ from its output form. */
const INPUT_MARK = '\u0000input';

/**
 * zod writes an int's implied range (±2^53-1) as minimum and maximum, which
 * says nothing, and documentation tools show the minimum as the example
 * (`congress: -9007199254740991`); only real bounds are kept.
 */
function dropSafeIntegerBounds(ctx: { jsonSchema: JsonSchema }): void {
  const json = ctx.jsonSchema as { minimum?: number; maximum?: number };
  if (json.minimum === Number.MIN_SAFE_INTEGER) delete json.minimum;
  if (json.maximum === Number.MAX_SAFE_INTEGER) delete json.maximum;
}

/** Collects the registered schemas met while converting, keyed by id (input forms marked). */
class Components {
  readonly defs = new Map<string, JsonSchema>();

  /** The JSON Schema of `schema`, its registered parts hoisted out as components. */
  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const { $schema: _drop, $defs, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', override: dropSafeIntegerBounds }) as JsonSchema;
    const mark = io === 'input' ? INPUT_MARK : '';
    const relink = (value: unknown) => rewriteRefs(value, (ref) => (ref.startsWith(DEFS) ? `${COMPONENTS}${ref.slice(DEFS.length)}${mark}` : ref));
    for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      const key = `${id}${mark}`;
      const json = relink(def) as JsonSchema;
      const known = this.defs.get(key);
      if (known && JSON.stringify(known) !== JSON.stringify(json)) throw new Error(`Two different schemas are registered with the OpenAPI id "${id}"`);
      this.defs.set(key, json);
    }
    return relink(rest) as JsonSchema;
  }

  /**
   * The final names: an input form identical to its output form (once the
   * refs inside it are resolved the same way) is the output component; one
   * that differs (defaults, transforms) is the component `<id>Input`.
   */
  finish(): { schemas: Record<string, JsonSchema>; rename: (ref: string) => string } {
    const inputs = [...this.defs.keys()].filter((k) => k.endsWith(INPUT_MARK)).map((k) => k.slice(0, -INPUT_MARK.length));
    const same = new Set(inputs.filter((id) => this.defs.has(id)));
    const nameOf = (id: string) => (same.has(id) ? id : `${id}Input`);
    const rename = (ref: string) => (ref.endsWith(INPUT_MARK) ? `${COMPONENTS}${nameOf(ref.slice(COMPONENTS.length, -INPUT_MARK.length))}` : ref);
    for (let changed = true; changed;) {
      changed = false;
      for (const id of [...same]) {
        if (JSON.stringify(rewriteRefs(this.defs.get(`${id}${INPUT_MARK}`), rename)) !== JSON.stringify(this.defs.get(id))) {
          same.delete(id);
          changed = true;
        }
      }
    }
    const schemas: Record<string, JsonSchema> = {};
    for (const [key, def] of [...this.defs].sort(([a], [b]) => a.localeCompare(b))) {
      const input = key.endsWith(INPUT_MARK);
      const id = input ? key.slice(0, -INPUT_MARK.length) : key;
      if (input && same.has(id)) continue;
      schemas[input ? nameOf(id) : id] = rewriteRefs(def, rename) as JsonSchema;
    }
    return { schemas, rename };
  }
}

/** The notification webhook as an OpenAPI 3.1 webhook: what a receiver gets at its webhook_url (docs/webhooks.md). */
const NOTIFICATION_WEBHOOK = {
  operationId: 'notificationWebhook',
  summary: 'A signed notification delivered to the webhook_url of a user',
  description:
    'Sent for every notification event on the webhook channel (alone, or as notifications.batch after quiet hours or for a digest) and by the test route. Signed per the Standard Webhooks specification: verify webhook-signature over `{webhook-id}.{webhook-timestamp}.{body}` with the whsec_ secret (during a rotation two signatures are sent, either verifies). Any 2xx reply counts as delivered; anything else is retried with the same webhook-id.',
  tags: ['notifications'],
  security: [],
  parameters: [
    ['webhook-id', 'The message id (msg_…), the same on every retry of one message: receivers drop repeats by it'],
    ['webhook-timestamp', 'When this attempt was signed, in seconds since the epoch; reject values far from your clock'],
    ['webhook-signature', 'Space-separated `v1,{base64 HMAC-SHA256}` signatures, one per live secret'],
  ].map(([name, description]) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } })),
  requestBody: { required: true, description: 'The payload, version 1', content: { 'application/json': { schema: { $ref: `${COMPONENTS}WebhookPayload` } } } },
  responses: {
    '200': { description: 'Delivered (any 2xx reply counts)' },
    '400': { description: 'Not accepted (any non-2xx reply): the delivery is retried with the same webhook-id' },
  },
};

function rewriteRefs(value: unknown, rename: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, rename));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? rename(v) : rewriteRefs(v, rename)]));
  }
  return value;
}

function parametersOf(route: RouteDef, components: Components): JsonSchema[] {
  const params: JsonSchema[] = [];
  const add = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!schema) return;
    const json = components.convert(schema, 'input');
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, prop] of Object.entries(properties)) {
      const { description, ...rest } = prop;
      params.push({ name, in: where, required: where === 'path' || required.has(name), ...(description ? { description } : {}), schema: rest });
    }
  };
  add(route.params, 'path');
  add(route.query, 'query');
  if (route.cache) {
    const header = (name: string, description: string) => ({ name, in: 'header', required: false, description, schema: { type: 'string' } });
    params.push(header('If-None-Match', 'An ETag this route answered before: the answer is 304 with no body while it still matches'));
    if (CACHE_RULES[route.cache].lastModified) {
      params.push(
        header(
          'If-Modified-Since',
          'An HTTP date (the Last-Modified of an earlier answer): 304 when nothing changed since; ignored when If-None-Match is sent',
        ),
      );
    }
  }
  // Path segments without a schema are still parameters.
  for (const m of route.path.matchAll(/\{(\w+)\}/g)) {
    if (!params.some((p) => p.name === m[1] && p.in === 'path')) {
      params.push({ name: m[1], in: 'path', required: true, description: `The ${m[1]} of the path`, schema: { type: 'string' } });
    }
  }
  return params;
}

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: `${COMPONENTS}Error` } } } });

const stringHeader = (description: string) => ({ description, schema: { type: 'string' } });

/** The headers a cacheable route's 200 and 304 carry. */
function cacheHeaders(route: RouteDef): JsonSchema {
  if (!route.cache) return {};
  const rule = CACHE_RULES[route.cache];
  return {
    ETag: stringHeader('A strong entity tag of this exact answer; send it back as If-None-Match to revalidate'),
    'Cache-Control': stringHeader(
      `How long the answer may be reused: ${rule.cacheControl}${route.auth === 'optional' ? ' (private, no-cache when signed in)' : ''}`,
    ),
    ...(rule.lastModified ? { 'Last-Modified': stringHeader('When the content last changed; send it back as If-Modified-Since') } : {}),
  };
}

/** The IETF RateLimit fields every answer of a rate-limited route carries. */
function rateLimitHeadersDoc(name: RateLimitName, rule: RateLimitRule): JsonSchema {
  return {
    'RateLimit-Policy': stringHeader(`The quota policy, e.g. "${name}";q=${rule.limit};w=${rule.windowSeconds} (draft-ietf-httpapi-ratelimit-headers)`),
    RateLimit: stringHeader(`What is left of the quota and the seconds until it grows back, e.g. "${name}";r=3;t=42`),
  };
}

function responsesOf(route: RouteDef, components: Components, limits: (name: RateLimitName) => RateLimitRule): JsonSchema {
  const status = String(route.successStatus ?? 200);
  const limitHeaders = route.rateLimit ? rateLimitHeadersDoc(route.rateLimit, limits(route.rateLimit)) : {};
  const withHeaders = (reply: JsonSchema, headers: JsonSchema) => (Object.keys(headers).length ? { ...reply, headers } : reply);
  const plain =
    status === '204'
      ? { description: 'No content' }
      : route.produces
        ? { description: 'OK', content: { [route.produces]: { schema: { type: 'string' } } } }
        : { description: 'OK', content: { 'application/json': { schema: route.response ? components.convert(route.response, 'output') : {} } } };
  const success = withHeaders(plain, { ...cacheHeaders(route), ...limitHeaders });
  const responses: JsonSchema = { [status]: success };
  if (route.cache) {
    responses['304'] = withHeaders(
      { description: 'Not modified: the If-None-Match (or If-Modified-Since) still matches; no body, and no rate-limit hit is spent' },
      {
        ...cacheHeaders(route),
        ...limitHeaders,
      },
    );
  }
  if (route.body) {
    responses['400'] = errorResponse('Malformed JSON');
    responses['413'] = errorResponse('Body over 64 KB');
  }
  if (route.body || route.query || route.params) responses['422'] = errorResponse('Validation failed');
  if (route.auth === 'user' || route.auth === 'admin') responses['401'] = errorResponse('Missing, invalid or expired token');
  if (route.auth === 'admin') responses['403'] = errorResponse('Not an admin');
  if (route.rateLimit) {
    responses['429'] = withHeaders(errorResponse('Rate limited; see Retry-After and RateLimit'), {
      'Retry-After': stringHeader('Seconds to wait before trying again'),
      ...limitHeaders,
    });
  }
  // Every route can be refused by the edge or fail; documented once, so every operation has an error reply.
  responses.default = errorResponse('Any other error: 403 without the edge secret, 404, 409, 5xx; `code` says which');
  return responses;
}

/** A route's limit as data: its name, count, window, what it is counted per and the setting that changes it. */
const rateLimitExtension = (name: RateLimitName, rule: RateLimitRule) => ({
  name,
  limit: rule.limit,
  window_seconds: rule.windowSeconds,
  per: rule.per,
  setting: rateLimitSetting(name),
});

/** What the document says about itself. */
export interface OpenApiInfo {
  title: string;
  version: string;
  /** The rate limits in force; the settings' defaults when absent (the typed client's document). */
  rateLimits?: (name: RateLimitName) => RateLimitRule;
}

/** The title and version of the document (its own module, so the MCP server has them without this builder). */
export { API_INFO } from './api-info.ts';

const API_DESCRIPTION = [
  'Follow US federal bills, their actions, texts and briefs, and the members of Congress; follow what matters to you and be told when it moves.',
  'Authenticate with `Authorization: Bearer <token>` from POST /api/auth/login. Lists are `{items, next_cursor}`: pass `next_cursor` back as `cursor` for the next page.',
  'Every error is `{detail, code, errors?}` with a stable dotted `code`. A readable reference of this document is served at GET /api/docs.',
].join('\n\n');

/** Builds the document for a list of routes. */
export function buildOpenApi(routes: readonly RouteDef[], info: OpenApiInfo): JsonSchema {
  const components = new Components();
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const usedTags = new Set<string>();
  for (const route of routes) {
    const tags = route.tags ?? [route.fn];
    for (const tag of tags) usedTags.add(tag);
    const operation: JsonSchema = {
      operationId: route.operationId,
      summary: route.summary,
      description: route.description,
      tags,
      parameters: parametersOf(route, components),
      responses: responsesOf(route, components, info.rateLimits ?? defaultRateLimitRule),
      ...(route.auth === 'none' ? { security: [] } : route.auth === 'optional' ? { security: [{}, { bearer: [] }] } : { security: [{ bearer: [] }] }),
      'x-auth': route.auth,
      ...(route.rateLimit ? { 'x-rate-limit': rateLimitExtension(route.rateLimit, (info.rateLimits ?? defaultRateLimitRule)(route.rateLimit)) } : {}),
      ...(route.cache ? { 'x-cache': CACHE_RULES[route.cache].summary } : {}),
    };
    if (route.body) {
      operation.requestBody = {
        required: true,
        description: 'The JSON body',
        content: { 'application/json': { schema: components.convert(route.body, 'input') } },
      };
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  components.convert(ErrorBody(), 'output');
  const webhookPayload = components.convert(WebhookPayload(), 'output');
  const { schemas, rename } = components.finish();
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description: API_DESCRIPTION,
    },
    // Relative: "Try it out" calls the host the document was read from (localhost, 127.0.0.1, the public name) alike.
    servers: [{ url: '/', description: 'The host this document is served from' }],
    tags: Object.entries(API_TAGS)
      .filter(([name]) => usedTags.has(name))
      .map(([name, description]) => ({ name, description })),
    paths: rewriteRefs(paths, rename),
    webhooks: { notification: { post: NOTIFICATION_WEBHOOK } },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token POST /api/auth/login returns' } },
      // WebhookPayload is what BillWatch POSTs to users' endpoints (the document's webhooks; docs/webhooks.md), not a reply of any route.
      schemas: { ...schemas, WebhookPayload: rewriteRefs(webhookPayload, rename) as JsonSchema },
    },
  };
}
