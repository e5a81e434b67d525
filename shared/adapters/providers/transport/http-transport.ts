/**
 * The one HTTP transport of every provider client. It adds timeouts, retries
 * on 429 and 5xx with the shared retry policy (Retry-After, else exponential
 * backoff with jitter: shared/platform/retry.ts),
 * a fleet-wide rate limit per provider (a token bucket in the table), and the offline modes:
 * REPLAY_HAR=file[,file…] answers from HAR recordings (an unmatched request
 * fails naming the URL) and RECORD_HAR=file records live exchanges.
 */
import { config } from '#shared/platform/config.ts';
import { retryDelayMs } from '#shared/platform/retry.ts';
import { atSeam } from '#shared/platform/fault-seam.ts';
import { appendHarEntry, harKey, loadHar, redactUrl, type RecordedResponse } from './har.ts';
import { ProviderError, UnrecordedResponseError } from './provider-error.ts';
import { takeRateSlot, type RateLimit } from './rate-limiter.ts';

export interface HttpRequest {
  provider: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Retries after the first attempt for 429/5xx/network errors. */
  retries?: number;
  rateLimit?: RateLimit;
  /** Statuses returned to the caller instead of thrown (304 for conditional GETs, 404 for lookups). */
  accept?: number[];
}

export type HttpResponse = RecordedResponse;

/**
 * Tunables, overridable in tests: retries that do not sleep for real, and
 * the fleet-wide rate slot (a DynamoDB token bucket) replaced where a test
 * has no table.
 */
export const transportSettings = {
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  defaultTimeoutMs: 20_000,
  defaultRetries: 4,
  takeRateSlot: takeRateSlot as (provider: string, limit: RateLimit) => Promise<void>,
  /**
   * Answers asked before the recording while replaying (REPLAY_HAR): the local
   * stack's demo replay plugs in the provider stand-in whose answers change
   * as it releases held-back actions (local/demo/demo-stand-in.ts).
   */
  replayStandIn: undefined as ((method: string, url: string) => RecordedResponse | undefined) | undefined,
};

let replay: { files: string; map: Map<string, RecordedResponse> } | undefined;

function replayResponse(method: string, url: string, headers: Record<string, string>, provider: string): RecordedResponse {
  const files = config().REPLAY_HAR as string;
  if (replay?.files !== files)
    replay = {
      files,
      map: loadHar(
        files
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean),
      ),
    };
  const found = transportSettings.replayStandIn?.(method, url) ?? replay.map.get(harKey(method, url));
  if (!found)
    throw new UnrecordedResponseError(provider, `no recorded response for ${method} ${redactUrl(url)} in REPLAY_HAR`, {
      url: redactUrl(url),
      unrecorded: true,
    });
  // A conditional GET whose ETag matches the recording answers 304, as the server would.
  const inm = Object.entries(headers).find(([k]) => k.toLowerCase() === 'if-none-match')?.[1];
  if (inm && found.headers.etag && inm === found.headers.etag) return { status: 304, headers: { etag: inm }, body: Buffer.alloc(0) };
  return found;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function liveFetch(req: HttpRequest): Promise<RecordedResponse> {
  const res = await fetch(req.url, {
    method: req.method ?? 'GET',
    headers: req.headers,
    signal: AbortSignal.timeout(req.timeoutMs ?? transportSettings.defaultTimeoutMs),
  });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: Object.fromEntries([...res.headers.entries()].map(([k, v]) => [k.toLowerCase(), v])), body };
}

/** Sends one request through replay, or live with retries (and recording when RECORD_HAR is set). */
export function httpRequest(req: HttpRequest): Promise<HttpResponse> {
  return atSeam('provider', `${req.method ?? 'GET'} ${req.provider}`, () => sendRequest(req));
}

async function sendRequest(req: HttpRequest): Promise<HttpResponse> {
  const method = req.method ?? 'GET';
  const accept = new Set([...(req.accept ?? [])]);
  const cfg = config();
  const check = (res: RecordedResponse): HttpResponse => {
    if ((res.status >= 200 && res.status < 300) || accept.has(res.status)) return res;
    throw new ProviderError(req.provider, `HTTP ${res.status} from ${method} ${redactUrl(req.url)}`, { status: res.status, url: redactUrl(req.url) });
  };
  if (cfg.REPLAY_HAR) return check(replayResponse(method, req.url, req.headers ?? {}, req.provider));

  const retries = req.retries ?? transportSettings.defaultRetries;
  for (let attempt = 0; ; attempt++) {
    if (req.rateLimit) await transportSettings.takeRateSlot(req.provider, req.rateLimit);
    const started = new Date();
    let res: RecordedResponse | undefined;
    let failure: unknown;
    try {
      res = await liveFetch(req);
    } catch (err) {
      failure = err;
    }
    const retryable = !res || res.status === 429 || res.status >= 500;
    if (!retryable || attempt >= retries) {
      if (!res)
        throw new ProviderError(req.provider, `request failed: ${method} ${redactUrl(req.url)}: ${(failure as Error)?.message ?? 'unknown'}`, {
          url: redactUrl(req.url),
          cause: failure,
        });
      if (cfg.RECORD_HAR) appendHarEntry(cfg.RECORD_HAR, method, req.url, res, started, Date.now() - started.getTime());
      return check(res);
    }
    await sleep(retryDelayMs(attempt + 1, res?.headers, transportSettings));
  }
}

/** GET returning the body as text (2xx only unless `accept` says otherwise). */
export async function getText(req: HttpRequest): Promise<{ status: number; text: string; headers: Record<string, string> }> {
  const res = await httpRequest(req);
  return { status: res.status, text: res.body.toString('utf8'), headers: res.headers };
}

/** Forgets loaded recordings (tests switch REPLAY_HAR between files). */
export function resetReplay(): void {
  replay = undefined;
}
