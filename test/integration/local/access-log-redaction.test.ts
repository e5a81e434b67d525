// Feed, unsubscribe and share tokens travel in paths: no access log line, local or in AWS, carries them.
import { describe, expect, it } from 'vitest';
import { loggedRequest } from '#local/api-server.ts';
import { ACCESS_LOG_FORMAT } from '#infra/constructs/http-api.ts';

const SECRET = 'Zm9vYmFyLXNlY3JldC10b2tlbg';

describe('access logs', () => {
  it.each([
    ['GET', `/api/notifications/feed/${SECRET}`, 'GET /api/notifications/feed/{token}'],
    ['POST', `/api/notifications/unsubscribe/${SECRET}?source=link`, 'POST /api/notifications/unsubscribe/{token}'],
    ['GET', `/api/share/brief/${SECRET}`, 'GET /api/share/brief/{token}'],
    ['GET', `/api/collections/share/${SECRET}`, 'GET /api/collections/share/{token}'],
  ])('names %s %s by its route template in the local API server', (method, url, logged) => {
    expect(loggedRequest(method, url)).toBe(logged);
    expect(loggedRequest(method, url)).not.toContain(SECRET);
  });

  it('drops the query of an unmatched path', () => {
    expect(loggedRequest('GET', `/api/nope?token=${SECRET}`)).toBe('GET /api/nope');
  });

  it("logs API Gateway's route template, never the raw path", () => {
    const values = Object.values(ACCESS_LOG_FORMAT) as string[];
    expect(values).toContain('$context.routeKey');
    expect(values.filter((v) => /\$context\.(path|requestPath|resourcePath)\b/.test(v))).toEqual([]);
  });
});
