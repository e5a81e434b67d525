/**
 * Closes the execute-api endpoint behind the edge: CloudFront adds the origin
 * secret to every request it forwards (header X-Origin-Verify, value from
 * Secrets Manager, infra/constructs/edge.ts), and when ORIGIN_VERIFY_SECRET is
 * configured a request without it is refused with 403 before routing, so a
 * caller of the API Gateway URL can bypass neither the WAF nor the rate
 * limits. With no secret configured (no edge, the local stack) nothing changes.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ForbiddenError } from '#shared/errors/app-error.ts';

/** The custom origin header CloudFront adds (lower-cased, as the API pipeline sees headers). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

const digest = (v: string) => createHash('sha256').update(v).digest();

/** Throws ForbiddenError unless the request carries the expected origin secret (or none is expected). */
export function assertFromEdge(headers: Record<string, string | undefined>, expected: string | undefined): void {
  if (expected === undefined) return;
  const given = headers[ORIGIN_VERIFY_HEADER];
  // Comparing fixed-length digests keeps the comparison constant-time whatever the lengths.
  if (given !== undefined && timingSafeEqual(digest(given), digest(expected))) return;
  throw new ForbiddenError("Send requests to the service's public URL", 'edge.direct_access');
}
