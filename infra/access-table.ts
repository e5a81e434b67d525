/**
 * Least privilege as data: what each function may touch. The stack turns each
 * need into one environment variable plus exactly the matching IAM grant
 * (infra/constructs/connect.ts), so a function can only reach what it is told
 * about. Keyed by the function catalog's keys (api:<group>, job:<group>,
 * worker:<queue>); a group missing here fails synth.
 */
import type { ApiFunctionGroup } from '#shared/edges/http/route.ts';
import type { JobFunctionGroup } from '#shared/edges/jobs/job.ts';
import type { QueueName } from '#shared/adapters/messaging/messages.ts';
import type { FunctionSpec } from './function-catalog.ts';

export type Need =
  | { kind: 'table'; mode: 'read' | 'readwrite' }
  | { kind: 'bucket'; mode: 'read' | 'write' | 'readwrite' }
  | { kind: 'send'; queue: QueueName }
  | { kind: 'bus-put' }
  | { kind: 'secret-read' }
  | { kind: 'email-send' }
  /** The web app's shell (index.html), which share pages carry their link preview in; only with the edge's web app. */
  | { kind: 'web-shell' };

const table = (mode: 'read' | 'readwrite'): Need => ({ kind: 'table', mode });
const bucket = (mode: 'read' | 'write' | 'readwrite'): Need => ({ kind: 'bucket', mode });
const send = (...queues: QueueName[]): Need[] => queues.map((queue) => ({ kind: 'send', queue }));
const busPut: Need = { kind: 'bus-put' };
const email: Need = { kind: 'email-send' };

const API: Record<ApiFunctionGroup, Need[]> = {
  // The shared API pipeline writes rate-limit counters for any route that declares a limit; GET /api/bulk reads the snapshot's manifest.
  system: [table('readwrite'), bucket('read')],
  auth: [table('readwrite')],
  // Admin job triggers put RunJob events on the bus; a bill backfill's first page is queued directly.
  admin: [table('readwrite'), busPut, ...send('bill-backfill', 'bill-status-import', 'search-index')],
  // A bill page reads the stored text and can ask for a follow-up fetch (votes, actions).
  bills: [table('readwrite'), bucket('read'), ...send('ingest-tasks')],
  members: [table('readwrite'), ...send('ingest-tasks')],
  // Re-analysis asks for the text again or for a new brief; the draft letter reads the stored text;
  // a batch submit puts the RunJob event of build_llm_batch on the bus.
  llm: [table('readwrite'), bucket('read'), busPut, ...send('document-fetch', 'brief')],
  // Share pages write their link preview into the web app's shell.
  personal: [table('readwrite'), { kind: 'web-shell' }],
  // Test notifications are delivered directly, email included; the unsubscribe confirmation page reads the web app's shell (its stylesheet).
  notifications: [table('readwrite'), email, { kind: 'web-shell' }],
  // A member's news read queues its background fetch; the admin routes count quota and clear the RSS cache.
  news: [table('readwrite'), ...send('ingest-tasks')],
  // The shared API pipeline writes rate-limit counters for any route that declares a limit.
  trends: [table('readwrite')],
  // Its tools run the bills, members, briefs and personal routes in-process: their reads (text from the bucket) and follow-up
  // queueing. The briefs tool loads the llm group's handler, whose bundle can also reach the reprocess and batch routes'
  // queues and bus (never routed to this function, but in its code), so the function holds what that code can reach.
  mcp: [table('readwrite'), bucket('read'), busPut, ...send('ingest-tasks', 'document-fetch', 'brief'), { kind: 'web-shell' }],
  // Global search reads the index's snapshot and change sets from S3, and the page's bills from the table.
  search: [table('readwrite'), bucket('read')],
  // Committees and meetings are table reads; the shared API pipeline writes rate-limit counters.
  committees: [table('readwrite')],
};

const JOB: Record<JobFunctionGroup, Need[]> = {
  // export_bulk writes the public snapshot under bulk/ (and reads its previous manifest).
  system: [table('readwrite'), bucket('readwrite')],
  // resume_bill_backfills re-queues the page of a stalled backfill; relay_outbox resends what a crashed step owed a queue (the brief queue included).
  ingest: [table('readwrite'), ...send('document-fetch', 'ingest-tasks', 'notification-dispatch', 'bill-backfill', 'brief', 'search-index')],
  // Batch briefs read stored texts, re-queue stalled briefs and emit notifications.
  llm: [table('readwrite'), bucket('read'), ...send('brief', 'notification-dispatch', 'search-index')],
  notify: [table('readwrite'), ...send('notification-dispatch'), email],
  news: [table('readwrite')],
  // Scores are written to the table; the news search quota and the RSS cache live there too. forecast_bills sends
  // a bill's forecast_jump alert (its outbox entry) to the dispatcher.
  trends: [table('readwrite'), ...send('notification-dispatch')],
  // poll_meetings writes meetings, their history and pointers; it sends nothing (the alerts before a meeting are not built yet).
  schedule: [table('readwrite')],
};

const WORKER: Record<QueueName, Need[]> = {
  'document-fetch': [table('readwrite'), bucket('write'), ...send('brief', 'search-index')],
  brief: [table('readwrite'), bucket('read'), ...send('notification-dispatch', 'search-index')],
  // Failed deliveries are re-queued with a delay (shared/use-cases/notify/deliver.ts).
  'notification-dispatch': [table('readwrite'), ...send('notification-dispatch'), email],
  'ingest-tasks': [table('readwrite'), ...send('document-fetch', 'ingest-tasks', 'notification-dispatch')],
  // A page saves bills like the poller (their follow-ups and events), then queues the next page.
  'bill-backfill': [table('readwrite'), ...send('document-fetch', 'ingest-tasks', 'notification-dispatch', 'bill-backfill', 'search-index')],
  // Stages each bulk zip in the bucket and reads it back by range; a bill's text and vote fetches go to their queues.
  'bill-status-import': [table('readwrite'), bucket('readwrite'), ...send('document-fetch', 'ingest-tasks', 'bill-status-import', 'search-index')],
  // Reads bills, briefs, texts and saved searches; writes change sets, snapshots and the manifest under search/;
  // a new bill or text version matching saved searches is a search_match message for the dispatcher.
  'search-index': [table('read'), bucket('readwrite'), ...send('notification-dispatch')],
};

/** Every function reads the secret bundle at cold start (shared/platform/bootstrap.ts). */
const EVERY_FUNCTION: Need[] = [{ kind: 'secret-read' }];

function lookup<K extends string>(table: Record<K, Need[]>, key: string, spec: FunctionSpec): Need[] {
  const needs = (table as Record<string, Need[] | undefined>)[key];
  if (!needs) throw new Error(`infra/access-table.ts has no row for ${spec.key} (${spec.entry}); add one`);
  return needs;
}

/** The needs of one function, the shared ones included. */
export function needsOf(spec: FunctionSpec): Need[] {
  switch (spec.kind) {
    case 'api':
      return [...EVERY_FUNCTION, ...lookup(API, spec.group, spec)];
    case 'fallback':
      // The fallback only matches the route table in memory; it shares its bundle with the system routes, GET /api/bulk's manifest read included.
      return [...EVERY_FUNCTION, bucket('read')];
    case 'job':
      return [...EVERY_FUNCTION, ...lookup(JOB, spec.group, spec)];
    case 'worker':
      return [...EVERY_FUNCTION, ...lookup(WORKER, spec.queue.name, spec)];
  }
}
