/**
 * The local EventBridge: an HTTP endpoint speaking PutEvents (AWS JSON 1.1)
 * at AWS_ENDPOINT_URL_EVENTBRIDGE, so shared/edges/jobs/trigger.ts's real SDK call
 * works unchanged. It plays the CDK rule too: a RunJob event runs its job
 * asynchronously through the job group's handler, with the event as the rule
 * delivers it ({detail-type, source, detail, …}).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { JobInvocation, RUN_JOB_EVENT } from '#shared/edges/jobs/job.ts';
import { jobByName } from '#shared/edges/jobs/job-table.ts';
import { runJobLocally } from './job-invoker.ts';
import { PortInUseError, isAddressInUse } from './port-in-use.ts';

const PutEventsRequest = z.object({
  Entries: z
    .array(
      z.object({
        Source: z.string().optional(),
        DetailType: z.string().optional(),
        Detail: z.string().optional(),
        EventBusName: z.string().optional(),
        Resources: z.array(z.string()).optional(),
        Time: z.union([z.number(), z.string()]).optional(),
      }),
    )
    .min(1)
    .max(10),
});
type Entry = z.infer<typeof PutEventsRequest>['Entries'][number];
type EntryResult = { EventId: string } | { ErrorCode: string; ErrorMessage: string };

export interface LocalEventBus {
  endpoint: string;
  /** Resolves when every job started by an event so far has finished (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/x-amz-json-1.1' });
  res.end(JSON.stringify(body));
}

const readAll = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** Starts the bus on a local port. */
export function startEventBus(options: { port?: number; log: (line: string) => void }): Promise<LocalEventBus> {
  const running = new Set<Promise<unknown>>();

  // The rule: RunJob events with a valid invocation for a job of the job table go to its group's Lambda.
  function route(entry: Entry, eventId: string, detail: unknown): void {
    if (entry.Source !== RUN_JOB_EVENT.source || entry.DetailType !== RUN_JOB_EVENT.detailType) {
      options.log(`bus: event ${entry.Source}/${entry.DetailType} matches no rule`);
      return;
    }
    const invocation = JobInvocation().safeParse(detail);
    const job = invocation.success ? jobByName(invocation.data.job) : undefined;
    if (!job) {
      options.log(`bus: RunJob event for an unknown job: ${JSON.stringify(detail)}`);
      return;
    }
    const event = {
      version: '0',
      id: eventId,
      'detail-type': entry.DetailType,
      source: entry.Source,
      account: '000000000000',
      time: new Date().toISOString(),
      region: process.env.AWS_REGION ?? 'us-east-1',
      resources: entry.Resources ?? [],
      detail,
    };
    const run = runJobLocally(job, event, options.log);
    running.add(run);
    void run.finally(() => running.delete(run));
  }

  function putEvents(body: string): { FailedEntryCount: number; Entries: EntryResult[] } {
    const request = PutEventsRequest.parse(JSON.parse(body));
    const results: EntryResult[] = [];
    for (const entry of request.Entries) {
      let detail: unknown;
      try {
        detail = JSON.parse(entry.Detail ?? '{}');
      } catch {
        results.push({ ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is not valid JSON' });
        continue;
      }
      if (!entry.Source || !entry.DetailType) {
        results.push({ ErrorCode: 'InvalidArgument', ErrorMessage: 'Source and DetailType are required' });
        continue;
      }
      const eventId = randomUUID();
      results.push({ EventId: eventId });
      route(entry, eventId, detail);
    }
    return { FailedEntryCount: results.filter((r) => 'ErrorCode' in r).length, Entries: results };
  }

  const server = createServer((req, res) => {
    void readAll(req).then((body) => {
      const target = String(req.headers['x-amz-target'] ?? '');
      if (target !== 'AWSEvents.PutEvents') {
        return send(res, 400, { __type: 'UnknownOperationException', message: `The local bus only speaks PutEvents, not "${target}"` });
      }
      try {
        send(res, 200, putEvents(body));
      } catch (err) {
        send(res, 400, { __type: 'ValidationException', message: err instanceof Error ? err.message : String(err) });
      }
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', (err: unknown) =>
      reject(
        isAddressInUse(err)
          ? new PortInUseError(options.port ?? 0, '127.0.0.1', { what: 'event bus', remedy: 'let it pick a free port (no port option)' })
          : err,
      ),
    );
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        endpoint: `http://127.0.0.1:${port}`,
        idle: async () => {
          while (running.size > 0) await Promise.allSettled([...running]);
        },
        stop: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
