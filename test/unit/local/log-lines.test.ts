/**
 * Log lines (issue 24 #31), captured from stdout and stderr: a line names
 * the function whose invocation logged it even when invocations of other
 * functions interleave in one process, as every function does on the local
 * stack; and a worker's failed delivery that SQS will retry is one WARN, only
 * the delivery it gives up on an ERROR, so one failing fetch is not five
 * ERRORs.
 */
import type { SQSRecord } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiFunction, implement } from '#shared/edges/http/api-function.ts';
import { health } from '#shared/edges/http/routes/system.routes.ts';
import { logger } from '#shared/platform/logger.ts';
import { QUEUES } from '#shared/edges/queues/queue-table.ts';
import { sqsWorker } from '#shared/edges/queues/worker.ts';
import { lambdaContext } from '#local/function-loader.ts';
import { apiEvent } from '#test/support/api.ts';
import { captureLogLines } from '#test/support/log-capture.ts';

// Tests log errors only by default; these lines are warnings and infos. Read when the logger makes its first line.
const logLevel = process.env.LOG_LEVEL;
process.env.LOG_LEVEL = 'INFO';
afterAll(() => {
  process.env.LOG_LEVEL = logLevel;
});

const { logged } = captureLogLines();

const record = (body: unknown, receiveCount: number): SQSRecord =>
  ({
    messageId: `m-${receiveCount}`,
    receiptHandle: 'r',
    body: JSON.stringify(body),
    attributes: { ApproximateReceiveCount: String(receiveCount) },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:ingest-tasks',
    awsRegion: 'us-east-1',
  }) as unknown as SQSRecord;

describe('function names on log lines', () => {
  it('names each invocation’s own function while invocations of two functions interleave', async () => {
    let releaseApi: () => void = () => undefined;
    const apiMayLog = new Promise<void>((resolve) => (releaseApi = resolve));
    const api = apiFunction('system', [
      implement(health, async () => {
        // The worker's invocation starts (and names its function) while this one waits.
        await apiMayLog;
        logger.info('from the api');
        return { status: 'ok' };
      }),
    ]);
    const worker = sqsWorker('ingest-tasks', z.object({ n: z.number() }), async () => {
      logger.info('from the worker');
      releaseApi();
    });

    const apiRun = api(apiEvent('GET', '/api/health'), lambdaContext('billwatch-api-system', 'req-api'));
    await worker({ Records: [record({ n: 1 }, 1)] }, lambdaContext('billwatch-worker-ingest-tasks', 'req-worker'));
    expect((await apiRun).statusCode).toBe(200);

    const byMessage = Object.fromEntries(logged().map((l) => [l.message, l]));
    expect(byMessage['from the worker']).toMatchObject({ function_name: 'billwatch-worker-ingest-tasks', function_request_id: 'req-worker' });
    expect(byMessage['from the api']).toMatchObject({ function_name: 'billwatch-api-system', function_request_id: 'req-api' });
  });

  it('marks only the first invocation of each function as its cold start', async () => {
    const worker = sqsWorker('ingest-tasks', z.object({ n: z.number() }), async () => logger.info('cold?'));
    await worker({ Records: [record({ n: 1 }, 1)] }, lambdaContext('billwatch-worker-cold', 'a'));
    await worker({ Records: [record({ n: 2 }, 1)] }, lambdaContext('billwatch-worker-cold', 'b'));
    // Only this test's lines: in the unit tier's shared process, an earlier file's late work may log meanwhile.
    const mine = logged().filter((l) => l.message === 'cold?');
    expect(mine.map((l) => l.cold_start)).toEqual([true, false]);
  });
});

describe('a failing worker record', () => {
  const maxReceiveCount = QUEUES.find((q) => q.name === 'ingest-tasks')?.maxReceiveCount ?? 0;

  it('is a WARN on each delivery SQS retries and one ERROR on the delivery it gives up on', async () => {
    expect(maxReceiveCount).toBeGreaterThan(1);
    const worker = sqsWorker('ingest-tasks', z.object({ n: z.number() }), async () => {
      throw new Error('provider down');
    });
    for (let delivery = 1; delivery <= maxReceiveCount; delivery++) {
      const out = await worker({ Records: [record({ n: 1 }, delivery)] }, lambdaContext('billwatch-worker-ingest-tasks', `d${delivery}`));
      expect(out.batchItemFailures).toHaveLength(1);
    }
    const failures = logged().filter((l) => String(l.message).startsWith('ingest-tasks: record failed'));
    expect(failures.map((l) => [l.level, l.attempt])).toEqual(
      Array.from({ length: maxReceiveCount }, (_, i) => [i + 1 < maxReceiveCount ? 'WARN' : 'ERROR', i + 1]),
    );
    expect(failures.at(-1)).toMatchObject({
      message: 'ingest-tasks: record failed, moving to the dead-letter queue',
      error: expect.stringContaining('provider down'),
    });
  });
});
