/**
 * Named application rate limits, against password guessing, mass sign-ups
 * and spending on paid providers (docs/product-rules.md lists the defaults).
 * Each one is configurable; counters live in DynamoDB so every Lambda shares
 * them.
 */
import { config } from '#shared/platform/config.ts';

export type RateLimitName = 'login' | 'register' | 'llm' | 'testNotification';

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
  /** What a counter is kept per: the client IP (guests) or the signed-in user. */
  per: 'ip' | 'user';
}

/** The limits in force, read from the configuration. */
export function rateLimitRule(name: RateLimitName): RateLimitRule {
  const c = config();
  switch (name) {
    case 'login':
      return { limit: c.RATE_LIMIT_LOGIN_PER_MINUTE, windowSeconds: 60, per: 'ip' };
    case 'register':
      return { limit: c.RATE_LIMIT_REGISTER_PER_HOUR, windowSeconds: 3600, per: 'ip' };
    case 'llm':
      return { limit: c.RATE_LIMIT_LLM_PER_HOUR, windowSeconds: 3600, per: 'user' };
    case 'testNotification':
      return { limit: c.RATE_LIMIT_TEST_NOTIFICATIONS_PER_HOUR, windowSeconds: 3600, per: 'user' };
  }
}
