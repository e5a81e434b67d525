/**
 * The document API's conditional GET on DynamoDB Local: the ETag is cached
 * 30 days under the MD5 of the URL, sent as If-None-Match, and a 304 reports
 * `unchanged` and stores nothing new.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etagKeys } from '#shared/adapters/db/keys/etag.keys.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { documentUrl, fetchDocument } from '#shared/adapters/providers/govinfo.client.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { providerServer } from '../../../../support/ingest-fixtures.ts';
import * as table from '#shared/adapters/db/table-client.ts';

useIntegrationStack();

describe('GovInfo conditional GET', () => {
  let server: Awaited<ReturnType<typeof providerServer>>;
  beforeAll(async () => {
    server = await providerServer({
      '/packages/BILLS-119hr5ih/uslm': (req, res) => {
        if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304, { etag: '"v1"' }).end();
        res.writeHead(200, { 'content-type': 'application/xml', etag: '"v1"' }).end('<bill>SEC. 1.</bill>');
      },
    });
    process.env.GOVINFO_API_BASE_URL = server.base;
    delete process.env.REPLAY_HAR;
    resetConfig();
  });
  afterAll(async () => {
    delete process.env.GOVINFO_API_BASE_URL;
    resetConfig();
    await server.close();
  });

  it('fetches, caches the ETag under the MD5 of the URL, then reports unchanged on 304', async () => {
    const url = documentUrl('BILLS-119hr5ih', 'uslm');
    const first = await fetchDocument(url);
    expect(first).toMatchObject({ status: 'fetched', etag: '"v1"' });
    expect(first.status === 'fetched' && first.body.toString()).toBe('<bill>SEC. 1.</bill>');
    const key = etagKeys.url(url);
    const cached = (await table.getItem({ Key: key })).Item;
    expect(cached).toMatchObject({ etag: '"v1"', url });
    const ttlDays = (Number(cached?.ttl) - Date.now() / 1000) / 86400;
    expect(ttlDays).toBeGreaterThan(29.9);
    expect(ttlDays).toBeLessThanOrEqual(30);

    const second = await fetchDocument(url);
    expect(second).toEqual({ status: 'unchanged', url });
    expect(server.seen[1]?.headers['if-none-match']).toBe('"v1"');
    expect(server.seen.every((s) => s.url.includes('api_key='))).toBe(true);
    const after = (await table.getItem({ Key: key })).Item;
    expect(after).toEqual(cached);
  });

  it('reports not_found for a package the API does not have', async () => {
    expect(await fetchDocument(documentUrl('BILLS-119hr6ih', 'uslm'))).toMatchObject({ status: 'not_found' });
  });
});
