/**
 * The shape of one row of the route table: method, path, the function group
 * (Lambda) that serves it, its auth level, its rate limit and the zod schemas
 * that validate it. The CDK stack, the local API server and the OpenAPI
 * document are all generated from these rows.
 *
 * A row's schemas are given as functions and built the first time they are
 * read: an API function serves one route per request and a cold container
 * answers one, so it builds only that route's schemas, and never a reply
 * schema (those feed the OpenAPI document and the e2e contract checks).
 */
import type * as z from 'zod';
import { badRequest } from './http-error.ts';
import type { CacheRuleName } from './cache-rules.ts';
import type { RateLimitName } from './rate-limits.ts';

export { lazySchema } from '#shared/domain/lazy-schema.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type AuthLevel = 'none' | 'optional' | 'user' | 'admin';

/** One API Lambda per group: functions/api/<group>.ts. */
export const API_FUNCTION_GROUPS = [
  'system',
  'auth',
  'admin',
  'bills',
  'members',
  'llm',
  'personal',
  'notifications',
  'news',
  'trends',
  'mcp',
  'search',
  'committees',
] as const;
export type ApiFunctionGroup = (typeof API_FUNCTION_GROUPS)[number];

type AnyObject = z.ZodType<Record<string, unknown>>;

/**
 * The tags of the OpenAPI document, one per area, with what each covers. A
 * route's `tags` (or, without them, its function group) must be one of
 * these, so every tag the document uses is declared with a description.
 */
export const API_TAGS = {
  system: 'The service itself: health, this OpenAPI document and its readable reference',
  auth: 'Accounts: register, log in, the signed-in user',
  admin: 'Administration (admin only): users, job triggers and their runs, backfills, provider health',
  bills: 'Bills: lists, detail, actions, text versions, cosponsors and roll-call votes',
  amendments: 'Amendments to bills: sponsor, purpose, status derived from their actions, text, and roll calls with member positions',
  members: 'Members of Congress: lookup by ZIP or address, detail, sponsored bills and votes',
  briefs: 'Cited LLM briefs of bill texts',
  llm: 'LLM features: draft letters and the LLM provider settings',
  settings: 'Service settings (LLM provider, data source switches)',
  follows: 'What the signed-in user follows: bills (with a stance), members, committees, topics and saved searches',
  notes: "The signed-in user's private notes on bills",
  collections: "The signed-in user's collections of bills",
  share: 'Share links: public read-only views of collections and briefs',
  alignment: "How followed members' votes line up with the user's stances",
  search: 'Search across bills and members, and topics',
  dashboard: 'The dashboard: recent, followed and most popular bills',
  notifications: 'Notification settings, history, tests, the RSS feed and one-click unsubscribe',
  news: 'News articles about bills and members',
  trends: 'Public-interest scores of bills and members, with their per-signal breakdown',
  personal: "The signed-in user's own data",
  committees: 'Committees and subcommittees: members with side, rank and title, referrals and reports, and their meetings',
  schedule: 'The schedule: hearings, markups, business meetings and floor days, merged from every source, with their change history',
  'open-data': 'Open data for builders and AI agents: the Model Context Protocol endpoint and the bulk snapshot',
} as const satisfies Record<string, string>;
export type ApiTag = keyof typeof API_TAGS;

export interface RouteDef<
  P extends AnyObject | undefined = AnyObject | undefined,
  Q extends AnyObject | undefined = AnyObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  A extends AuthLevel = AuthLevel,
> {
  /** Unique camelCase name; the OpenAPI operationId and the key a group implements. */
  operationId: string;
  method: HttpMethod;
  /** API Gateway style path with {param} segments. */
  path: string;
  fn: ApiFunctionGroup;
  auth: A;
  rateLimit?: RateLimitName;
  /** A cacheable GET: the edge adds an ETag and this rule's Cache-Control, and answers revalidations with 304 (./cache-rules.ts). */
  cache?: CacheRuleName;
  /** One line: the operation's summary in the OpenAPI document. */
  summary: string;
  /** A sentence or two: what it does, who may call it and its notable errors (the OpenAPI operation description). */
  description: string;
  /** Areas of the OpenAPI document; the function group when absent. */
  tags?: ApiTag[];
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of a 2xx JSON reply, for the OpenAPI document. */
  response?: z.ZodType;
  /** Status of a successful reply (200 unless given). */
  successStatus?: number;
  /** Content type of a successful reply when it is not JSON. */
  produces?: 'text/html' | 'application/rss+xml' | 'text/calendar' | 'text/plain' | 'text/javascript' | 'text/css';
  /** Set on routes that only start a job: the job table's name it runs. */
  job?: string;
}

/** The fields of a route that hold zod schemas. */
export const ROUTE_SCHEMA_FIELDS = ['params', 'query', 'body', 'response'] as const;
type SchemaField = (typeof ROUTE_SCHEMA_FIELDS)[number];

/** A route as declared: each schema as a function that builds it (see the header). */
export type RouteInput<
  P extends AnyObject | undefined = AnyObject | undefined,
  Q extends AnyObject | undefined = AnyObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  A extends AuthLevel = AuthLevel,
> = Omit<RouteDef<P, Q, B, A>, SchemaField> & {
  params?: () => P;
  query?: () => Q;
  body?: () => B;
  response?: () => z.ZodType;
};

/**
 * Declares a route while keeping its schema types for the implementation.
 * Each schema field of the row is a getter that calls its builder once, on
 * first read, then holds the schema as a plain value: the same instance on
 * every read, as the OpenAPI document's `.meta({ id })` components need.
 */
export function defineRoute<
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  const A extends AuthLevel = AuthLevel,
>(input: RouteInput<P, Q, B, A>): RouteDef<P, Q, B, A> {
  const { params, query, body, response, ...plain } = input;
  const route: RouteDef<P, Q, B, A> = plain;
  const builders: Partial<Record<SchemaField, () => z.ZodType | undefined>> = { params, query, body, response };
  for (const field of ROUTE_SCHEMA_FIELDS) {
    const build = builders[field];
    if (!build) continue;
    Object.defineProperty(route, field, {
      enumerable: true,
      configurable: true,
      get() {
        const schema = build();
        Object.defineProperty(route, field, { value: schema, enumerable: true, writable: false, configurable: false });
        return schema;
      },
    });
  }
  return route;
}

/**
 * The path API Gateway routes by: a segment that holds a parameter beside fixed
 * text ("{token}.ics") becomes that parameter alone ("{token}"), since a
 * gateway path variable is a whole segment. The function still matches the
 * route's own path (pathMatcher), so "abc.ics" gives the token "abc".
 */
export const gatewayPath = (path: string) => path.replace(/(?<=\/)[^/{}]*\{(\w+)\}[^/{}]*(?=\/|$)/g, '{$1}');

/** "GET /api/bills/{id}": the key API Gateway puts in requestContext.routeKey. */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${gatewayPath(r.path)}`;

/**
 * Turns a route path into a matcher that returns its path parameters, or
 * null when the path is not this route's. A path of this route whose
 * parameter has a malformed %-escape ("%zz", a lone "%", a broken UTF-8
 * sequence) is a 400 naming the parameter, since decodeURIComponent would
 * otherwise throw a URIError (a 500).
 */
export function pathMatcher(path: string): (actual: string) => Record<string, string> | null {
  const names: string[] = [];
  const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const re = new RegExp(`^${pattern}/?$`);
  return (actual) => {
    const m = re.exec(actual);
    if (!m) return null;
    const params: Record<string, string> = {};
    names.forEach((n, i) => {
      const raw = m[i + 1] ?? '';
      try {
        params[n] = decodeURIComponent(raw);
      } catch {
        throw badRequest(`The path parameter ${n} has a malformed %-escape`, 'request.malformed_path');
      }
    });
    return params;
  };
}
