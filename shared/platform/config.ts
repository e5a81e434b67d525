/**
 * The service's configuration: every environment variable it reads, parsed once
 * with zod. A bad value fails at cold start (or at `npm start`) with a message
 * naming the variable, never halfway through a request.
 *
 * Written with zod/mini, the functional form of the same validators: every
 * function parses this schema at cold start, and mini's schemas are smaller
 * to build than the method-chaining ones, which the rest of the code uses on
 * demand (README, "Bundles and cold starts").
 */
import * as z from 'zod/mini';
import { en } from 'zod/v4/locales';

export const JWT_PLACEHOLDER = 'change-me-in-production';
/** Congress.gov's documented allowance per API key. */
export const CONGRESS_GOV_HOURLY_LIMIT = 5000;
/** The least scrypt cost (log2 N) of a deployed stage's password hashes. */
export const PASSWORD_SCRYPT_LOG2_N_DEPLOYED = 17;

const flag = z.pipe(
  z._default(z.enum(['0', '1', 'true', 'false', '']), '0'),
  z.transform((v) => v === '1' || v === 'true'),
);
const optionalString = z.pipe(
  z.optional(z.string()),
  z.transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim())),
);
const text = (fallback: string) => z._default(z.string(), fallback);
const nonEmpty = (fallback: string) => z._default(z.string().check(z.minLength(1)), fallback);
const url = (fallback: string) => z._default(z.url(), fallback);
const positiveInt = (fallback: number) => z._default(z.coerce.number().check(z.int(), z.positive()), fallback);
const intBetween = (min: number, max: number, fallback: number) => z._default(z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max)), fallback);

/** The header the client IP is read from: none (the source IP), X-Forwarded-For, or CloudFront-Viewer-Address. */
export type TrustProxy = 'none' | 'x-forwarded-for' | 'cloudfront';

const ConfigFields = z.object({
  STAGE: z._default(z.enum(['local', 'test', 'dev', 'prod']), 'local'),
  AWS_REGION: text('us-east-1'),
  SERVICE_NAME: text('billwatch'),
  TABLE_NAME: nonEmpty('billwatch'),
  BUCKET_NAME: nonEmpty('billwatch-texts'),
  EVENT_BUS_NAME: nonEmpty('billwatch-jobs'),
  PUBLIC_URL: url('http://localhost:3000'),

  JWT_SECRET_KEY: z.string({ error: 'JWT_SECRET_KEY is not set' }).check(
    z.refine((v) => v !== JWT_PLACEHOLDER, {
      message: `JWT_SECRET_KEY still holds the placeholder "${JWT_PLACEHOLDER}"; set a random secret of at least 32 bytes`,
    }),
    z.refine((v) => Buffer.byteLength(v, 'utf8') >= 32, {
      message: 'JWT_SECRET_KEY must be at least 32 bytes long',
    }),
  ),
  ENCRYPTION_SECRET_KEY: optionalString,
  /** Access token lifetime, and the maximum age of any token (shared/use-cases/accounts/tokens.ts); at most 30 days. */
  JWT_TTL_SECONDS: z._default(
    z.coerce.number().check(z.int(), z.positive(), z.maximum(30 * 24 * 3600, { error: 'JWT_TTL_SECONDS may be at most 2592000 (30 days)' })),
    7 * 24 * 3600,
  ),
  JWT_ISSUER: text('billwatch'),
  JWT_AUDIENCE: text('billwatch-api'),

  /**
   * Which header names the client IP for rate limits (shared/edges/http/client-ip.ts): none by default
   * (API Gateway's source IP); `1` the right-most X-Forwarded-For entry, for a proxy of your own that
   * appends it; `cloudfront` the CloudFront-Viewer-Address header of the stack's edge, which also
   * requires ORIGIN_VERIFY_SECRET so that only the edge can reach the functions.
   */
  TRUST_PROXY: z.pipe(
    z._default(z.enum(['0', '1', 'true', 'false', '', 'x-forwarded-for', 'cloudfront']), '0'),
    z.transform((v): TrustProxy => (v === 'cloudfront' ? 'cloudfront' : v === '1' || v === 'true' || v === 'x-forwarded-for' ? 'x-forwarded-for' : 'none')),
  ),
  /** The value the edge sends in X-Origin-Verify; when set, API requests without it are refused with 403. */
  ORIGIN_VERIFY_SECRET: optionalString.check(
    z.refine((v) => v === undefined || v.length >= 32, { message: 'ORIGIN_VERIFY_SECRET must be at least 32 characters' }),
  ),
  CORS_ORIGINS: z.pipe(
    text(''),
    z.transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  ),
  RATE_LIMIT_LOGIN_PER_MINUTE: positiveInt(10),
  /** Failed logins per account (per email address, whether or not it has an account) and network in 15 minutes; past them that network's attempts are refused unchecked. */
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: positiveInt(10),
  /** Failed logins per account across all networks in an hour, past which every attempt on it waits a growing delay (the right password still signs in). */
  RATE_LIMIT_LOGIN_SLOWDOWN_AFTER: positiveInt(50),
  RATE_LIMIT_REGISTER_PER_HOUR: positiveInt(5),
  RATE_LIMIT_LLM_PER_HOUR: positiveInt(20),
  RATE_LIMIT_TEST_NOTIFICATIONS_PER_HOUR: positiveInt(10),
  /** MCP calls per minute per signed-in user (per IP for guests); each tool call also counts against its route's own limit. */
  RATE_LIMIT_MCP_PER_MINUTE: positiveInt(120),
  /** Searches per minute per network (an IPv4 address, an IPv6 /64), signed in or not: a search may cost up to 50 ms of CPU. */
  RATE_LIMIT_SEARCH_PER_MINUTE: positiveInt(120),

  LLM_PROVIDER: z.optional(z.enum(['openai', 'anthropic', 'gemini', 'ollama', 'none'])),
  LLM_MODEL: optionalString,
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString,
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalString,
  GEMINI_API_KEY: optionalString,
  GEMINI_BASE_URL: text('https://generativelanguage.googleapis.com/v1beta/openai/'),
  OLLAMA_BASE_URL: text('http://localhost:11434/v1'),
  LLM_RATE_LIMIT_RPM: positiveInt(50),
  /** Largest part of a bill text sent in one brief call (estimated tokens); longer texts are split by section. */
  LLM_CHUNK_TOKENS: positiveInt(12_000),
  /** Output budget of one brief call. */
  LLM_BRIEF_MAX_TOKENS: positiveInt(3000),

  CONGRESS_API_KEY: optionalString,
  GOVINFO_API_KEY: optionalString,
  NEWS_API_KEY: optionalString,
  /** The search-trends service (SerpApi's Google Trends API); optional: trend scores use the other signals without it. */
  SEARCH_TRENDS_API_KEY: optionalString,
  REPLAY_HAR: optionalString,
  /**
   * A folder of recorded schedule payloads (local/demo/schedule/, with its recordings.json): when set,
   * poll_meetings reads them instead of the live sources. The offline local stack sets it.
   */
  SCHEDULE_RECORDINGS_DIR: optionalString,
  /** Provider base URLs (overridable for tests against local servers and for proxies). */
  CONGRESS_API_BASE_URL: url('https://api.congress.gov/v3'),
  GOVINFO_API_BASE_URL: url('https://api.govinfo.gov'),
  /** GovInfo's bulk data repository (the Bill Status zips: {base}/BILLSTATUS/{congress}/{type}/BILLSTATUS-{congress}-{type}.zip). */
  GOVINFO_BULK_BASE_URL: url('https://www.govinfo.gov/bulkdata'),
  /** The ZIP geocoder, the street-address geocoder (Census, one-line address) and the district boundary service of the rep lookup. */
  ZIP_GEOCODER_BASE_URL: url('https://api.zippopotam.us'),
  ADDRESS_GEOCODER_BASE_URL: url('https://geocoding.geo.census.gov'),
  DISTRICT_BOUNDARIES_BASE_URL: url('https://geocoding.geo.census.gov'),
  SEARCH_TRENDS_BASE_URL: url('https://serpapi.com'),
  /** The congress-legislators dataset (sync_members) and the hosts of roll-call XML (the health check's probes; pipeline votes use the URLs actions carry). */
  LEGISLATORS_BASE_URL: url('https://unitedstates.github.io/congress-legislators'),
  HOUSE_CLERK_BASE_URL: url('https://clerk.house.gov'),
  /** docs.house.gov: the House's weekly floor schedule ("bills this week") and committee repository. */
  HOUSE_DOCS_BASE_URL: url('https://docs.house.gov'),
  SENATE_BASE_URL: url('https://www.senate.gov'),
  /** The news search API (NewsAPI.org v2) and the news RSS search feed (Google News). */
  NEWS_API_BASE_URL: url('https://newsapi.org/v2'),
  NEWS_RSS_BASE_URL: url('https://news.google.com'),
  /** Requests the news search plan allows per UTC day (the developer plan's 100); counted in DynamoDB across Lambdas. */
  NEWS_API_DAILY_LIMIT: positiveInt(100),
  /** Budget of each provider check of GET /api/admin/health; well under the API's 29 s so one slow provider cannot stall the answer. */
  PROVIDER_HEALTH_TIMEOUT_MS: intBetween(100, 20_000, 5000),
  RECORD_HAR: optionalString,
  /**
   * Congress.gov requests per hour a bill backfill may set off on average (its
   * pages are paced to it); the rest of the documented 5,000 is left to the
   * poller, the nightly fetches and member sync. Deployed stages refuse more
   * than 5,000; tests and the local stack may raise it for local stand-ins.
   */
  BACKFILL_REQUESTS_PER_HOUR: positiveInt(2000),
  /**
   * log2 of scrypt's N for new password hashes (shared/use-cases/accounts/passwords.ts): 17 (128 MiB, the
   * deployed cost, at least that in dev and prod); the test runner sets 10, as a hash per sign-up at 2^17 was
   * minutes of a CI run's CPU. Hashes carry their parameters, so any stored hash verifies whatever this says.
   */
  PASSWORD_SCRYPT_LOG2_N: intBetween(10, 20, PASSWORD_SCRYPT_LOG2_N_DEPLOYED),

  SMTP_HOST: optionalString,
  SMTP_PORT: positiveInt(587),
  SMTP_USER: optionalString,
  SMTP_PASSWORD: optionalString,
  SMTP_FROM: text('BillWatch <alerts@localhost>'),
  SMTP_STARTTLS: z.pipe(
    z._default(z.enum(['0', '1', 'true', 'false', '']), '1'),
    z.transform((v) => v === '1' || v === 'true' || v === ''),
  ),
  ALLOW_PRIVATE_PUSH_TARGETS: flag,
  /** The SES configuration set emails go through, whose Send events record what SES accepted (set by the stack; unset: none). */
  SES_CONFIGURATION_SET: optionalString,
  /** The mailto of List-Unsubscribe; the SMTP_FROM address when unset. */
  UNSUBSCRIBE_MAILTO: optionalString,
  /** Delay before the first retry of a failed delivery; it doubles per attempt (capped at SQS's 900 s). */
  NOTIFY_RETRY_BASE_SECONDS: intBetween(0, 900, 30),

  /** The web app's bucket (set by the stack): share pages read the app's shell, index.html, from it. */
  WEB_BUCKET_NAME: optionalString,
  /** Without WEB_BUCKET_NAME: the folder of the built web app whose index.html share pages read (the local stack's clients/web/dist). */
  WEB_DIST_DIR: optionalString,
});

export const Config = ConfigFields.check(
  z.superRefine((c, ctx) => {
    if (c.TRUST_PROXY === 'cloudfront' && c.ORIGIN_VERIFY_SECRET === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['ORIGIN_VERIFY_SECRET'],
        message: 'TRUST_PROXY=cloudfront needs ORIGIN_VERIFY_SECRET: CloudFront-Viewer-Address is only trustworthy when nothing but the edge can reach the API',
      });
    }
    if ((c.STAGE === 'dev' || c.STAGE === 'prod') && c.PASSWORD_SCRYPT_LOG2_N < PASSWORD_SCRYPT_LOG2_N_DEPLOYED) {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_SCRYPT_LOG2_N'],
        message: `must be at least ${PASSWORD_SCRYPT_LOG2_N_DEPLOYED} in a deployed stage: a lower cost makes stolen hashes cheap to guess`,
      });
    }
    if ((c.STAGE === 'dev' || c.STAGE === 'prod') && c.BACKFILL_REQUESTS_PER_HOUR > CONGRESS_GOV_HOURLY_LIMIT) {
      ctx.addIssue({
        code: 'custom',
        path: ['BACKFILL_REQUESTS_PER_HOUR'],
        message: `must be at most Congress.gov's documented ${CONGRESS_GOV_HOURLY_LIMIT} requests per hour`,
      });
    }
  }),
);
export type Config = z.infer<typeof Config>;

/** Thrown when the environment cannot be parsed; the message lists every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses an environment into a Config, throwing a ConfigError naming each problem. */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  // Parsed once per process, at cold start: zod's JIT would compile a parser
  // for these hundred-odd fields (a few ms) only to run it once.
  // zod/mini leaves the messages' language to the caller (classic zod sets English on its first schema).
  if (!z.config().localeError) z.config(en());
  const result = Config.safeParse(env, { jitless: true });
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

let cached: Config | undefined;

/** The process's configuration, parsed from process.env on first use. */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Forgets the parsed configuration so the next call re-reads process.env (tests, local stack). */
export function resetConfig(): void {
  cached = undefined;
}
