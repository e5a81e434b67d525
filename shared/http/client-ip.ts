/**
 * The client IP used for rate limits: API Gateway's sourceIp, or, only when
 * TRUST_PROXY=1 names a trusted proxy in front, the right-most entry of
 * X-Forwarded-For (the one that proxy appended; entries to its left are
 * whatever the client chose to send).
 */
export function clientIp(sourceIp: string | undefined, forwardedFor: string | undefined, trustProxy: boolean): string {
  if (trustProxy && forwardedFor) {
    const entries = forwardedFor
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const last = entries.at(-1);
    if (last) return last;
  }
  return sourceIp ?? 'unknown';
}
