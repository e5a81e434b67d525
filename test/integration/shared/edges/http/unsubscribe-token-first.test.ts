// The one-click unsubscribe POST checks its token before it reads the posted form, so a body costs nothing for a token that is not ours.
import { describe, expect, it, vi } from 'vitest';
import { handler as notifications } from '#functions/api/notifications.ts';
import * as formBody from '#shared/edges/http/form-body.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

vi.mock('#shared/edges/http/form-body.ts', async (original) => {
  const actual = await original<typeof formBody>();
  return { ...actual, parseFormBody: vi.fn(actual.parseFormBody) };
});

useIntegrationStack();

describe('one-click unsubscribe POST', () => {
  it('answers 404 for an unknown token without parsing the body', async () => {
    const res = await call(notifications, 'POST', '/api/notifications/unsubscribe/not-a-token-we-issued', {
      rawBody: `--XyZ\r\ncontent-disposition: form-data; name="action"\r\n\r\nresubscribe\r\n--XyZ--\r\n`,
      headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
    });
    expect(res.status).toBe(404);
    expect(formBody.parseFormBody).not.toHaveBeenCalled();
  });
});
