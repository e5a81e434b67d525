/**
 * Offline (REPLAY_HAR) with no recording of a bill's news feed: the
 * background news fetch a page view queues logs one WARN for the feed that
 * cannot answer and finishes its message, instead of failing it so SQS
 * redelivers it into five ERROR lines (issue 24 #31). The bill's news request
 * stays pending for the scheduled fetch.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as ingestTasks } from '#functions/workers/ingest-tasks.ts';
import { createBill } from '#shared/adapters/db/bills.repository.ts';
import { listNewsRequests, requestNewsFetch } from '#shared/adapters/db/news-requests.repository.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { resetReplay } from '#shared/adapters/providers/transport/http-transport.ts';
import { makeBill } from '#test/support/personal-seed.ts';
import { lambdaContext } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

// Tests log errors only by default; the WARN is what is checked here. Read when the logger makes its first line.
process.env.LOG_LEVEL = 'WARN';

useIntegrationStack();

const emptyRecording = join(mkdtempSync(join(tmpdir(), 'billwatch-offline-')), 'empty.har');
beforeAll(() => {
  writeFileSync(emptyRecording, JSON.stringify({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries: [] } }));
  process.env.REPLAY_HAR = emptyRecording;
  for (const k of ['NEWS_API_KEY', 'NEWS_API_BASE_URL', 'NEWS_RSS_BASE_URL']) delete process.env[k];
  resetConfig();
  resetReplay();
});
afterAll(() => {
  delete process.env.REPLAY_HAR;
  resetConfig();
  resetReplay();
});

const newsTask = (billId: string): SQSRecord =>
  ({
    messageId: 'news-1',
    receiptHandle: 'r',
    body: JSON.stringify({ v: 1, type: 'fetch_bill_news', bill_id: billId }),
    attributes: { ApproximateReceiveCount: '1' },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:ingest-tasks',
    awsRegion: 'us-east-1',
  }) as unknown as SQSRecord;

describe('an offline news fetch with nothing recorded', () => {
  it('logs one WARN, no ERROR, and finishes its message; the request stays pending', async () => {
    await createBill(makeBill(119, 'hr', 77, { short_title: 'Offline Act' }));
    await requestNewsFetch('119-hr-77', 'brief');
    const lines: string[] = [];
    for (const stream of [process.stdout, process.stderr]) {
      vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => (lines.push(String(chunk)), true));
    }
    let out;
    try {
      out = await ingestTasks({ Records: [newsTask('119-hr-77')] }, lambdaContext());
    } finally {
      vi.restoreAllMocks();
    }
    expect(out.batchItemFailures).toEqual([]);
    const logged = lines
      .flatMap((l) => l.split('\n'))
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged.filter((l) => l.level === 'ERROR')).toEqual([]);
    expect(logged.filter((l) => l.level === 'WARN')).toEqual([
      expect.objectContaining({ message: 'news RSS feed failed', error: expect.stringContaining('no recorded response') }),
    ]);
    expect((await listNewsRequests(10)).items.map((r) => r.bill_id)).toEqual(['119-hr-77']);
  });
});
