/**
 * Named application rate limits, against password guessing, mass sign-ups,
 * spending on paid providers, floods of agent calls and of searches (docs/product-rules.md
 * lists the defaults). Each one is configurable; counters live in DynamoDB so
 * every Lambda shares them. The OpenAPI document describes each limited
 * route's rule from this table.
 */
import { config, type Config } from '#shared/platform/config.ts';

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
  /** What a counter is kept per: the client IP (guests) or the signed-in user. */
  per: 'ip' | 'user';
}

type RateLimitSetting =
  | 'RATE_LIMIT_LOGIN_PER_MINUTE'
  | 'RATE_LIMIT_REGISTER_PER_HOUR'
  | 'RATE_LIMIT_LLM_PER_HOUR'
  | 'RATE_LIMIT_TEST_NOTIFICATIONS_PER_HOUR'
  | 'RATE_LIMIT_MCP_PER_MINUTE'
  | 'RATE_LIMIT_SEARCH_PER_MINUTE';

/** Each limit: the setting that holds its count, its window and what it counts per. */
// `fallback` repeats the setting's default (shared/platform/config.ts) for documents built without a configuration; a unit test keeps them equal.
const RULES = {
  login: { setting: 'RATE_LIMIT_LOGIN_PER_MINUTE', fallback: 10, windowSeconds: 60, per: 'ip' },
  register: { setting: 'RATE_LIMIT_REGISTER_PER_HOUR', fallback: 5, windowSeconds: 3600, per: 'ip' },
  llm: { setting: 'RATE_LIMIT_LLM_PER_HOUR', fallback: 20, windowSeconds: 3600, per: 'user' },
  testNotification: { setting: 'RATE_LIMIT_TEST_NOTIFICATIONS_PER_HOUR', fallback: 10, windowSeconds: 3600, per: 'user' },
  mcp: { setting: 'RATE_LIMIT_MCP_PER_MINUTE', fallback: 120, windowSeconds: 60, per: 'user' },
  search: { setting: 'RATE_LIMIT_SEARCH_PER_MINUTE', fallback: 120, windowSeconds: 60, per: 'ip' },
} as const satisfies Record<string, { setting: RateLimitSetting; fallback: number; windowSeconds: number; per: RateLimitRule['per'] }>;

export type RateLimitName = keyof typeof RULES;

/** The limits in force, read from the configuration. */
export function rateLimitRule(name: RateLimitName, c: Pick<Config, RateLimitSetting> = config()): RateLimitRule {
  const { setting, windowSeconds, per } = RULES[name];
  return { limit: c[setting], windowSeconds, per };
}

/** The rule with its default count, for a document built without a configuration (the typed client's). */
export function defaultRateLimitRule(name: RateLimitName): RateLimitRule {
  const { fallback, windowSeconds, per } = RULES[name];
  return { limit: fallback, windowSeconds, per };
}

/** The setting that configures a limit, for the OpenAPI document and the docs. */
export const rateLimitSetting = (name: RateLimitName): RateLimitSetting => RULES[name].setting;

export const RATE_LIMIT_NAMES = Object.keys(RULES) as RateLimitName[];
