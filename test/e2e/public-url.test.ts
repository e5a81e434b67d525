// An explicit PUBLIC_URL names the links the local stack hands out (feeds, calendars, emails, pushes), not localhost.
import { describe, expect, it } from 'vitest';
import { parseLocalEnv } from '#local/local-env.schema.ts';
import { useLocalStack } from './support/e2e-stack.ts';
import { signUp } from './support/accounts.ts';

const PUBLIC = 'https://billwatch.example.org';
const e2e = useLocalStack({ publicUrl: PUBLIC });

describe('PUBLIC_URL on the local stack', () => {
  it('is read by npm start without its trailing slash', () => {
    expect(parseLocalEnv({ PUBLIC_URL: `${PUBLIC}/` }).PUBLIC_URL).toBe(PUBLIC);
    expect(() => parseLocalEnv({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });

  it('names the links the service hands out', async () => {
    expect(e2e.stack().env.PUBLIC_URL).toBe(PUBLIC);
    const token = await signUp(e2e.client(), 'pat');
    const settings = await e2e.client().request('GET', '/api/notifications/settings', { token });
    expect(settings.body.rss_feed_url.startsWith(`${PUBLIC}/api/notifications/feed/`)).toBe(true);
    expect(settings.body.calendar_url).toMatch(new RegExp(`^${PUBLIC.replaceAll('.', '\\.')}/api/calendar/[\\w-]{32}\\.ics$`));
  });
});
