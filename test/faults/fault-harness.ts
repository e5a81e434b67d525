/**
 * The fault-injection harness (docs/observability.md, "What each step
 * guarantees"): every side effect of the chain poll → ingest tasks →
 * document fetch → brief → dispatch → channels passes a seam it can fail.
 * DynamoDB writes, SQS sends and S3 puts are caught by a middleware on their
 * clients; provider requests, pushes and emails by the plan of
 * shared/platform/fault-seam.ts. A point is (phase, kind, operation): the
 * phase of the scenario it happens in, and the command and the key prefixes
 * it writes, the queue and message type, the object kind, the provider, the
 * channel. A fault is the first call of a point that
 * throws before it runs, or that runs and then "crashes" the process: every
 * later seam of the same invocation fails, as nothing runs after a crash,
 * and the invocation's messages are all redelivered.
 */
import type { MiddlewareStack } from '@smithy/types';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { installFaultPlan, type SeamKind } from '#shared/platform/fault-seam.ts';
import { s3 } from '#shared/platform/s3-client.ts';
import { sqs } from '#shared/platform/sqs-client.ts';
import { queueUrl } from '#shared/adapters/messaging/send.ts';
import type { QueueName } from '#shared/adapters/messaging/messages.ts';

export type FaultMode = 'throw' | 'crash_after';
export interface FaultPoint {
  phase: string;
  kind: SeamKind;
  operation: string;
}
export const pointId = (p: FaultPoint) => `${p.phase}: ${p.kind} ${p.operation}`;

/** Thrown by an injected fault. */
export class InjectedFault extends Error {
  override name = 'InjectedFault';
}

const WRITE_COMMANDS = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'TransactWriteItemsCommand', 'BatchWriteItemCommand']);
const QUEUES: QueueName[] = ['ingest-tasks', 'document-fetch', 'brief', 'notification-dispatch', 'bill-backfill'];

/** A stored key value as a string, marshalled or not. */
const str = (v: unknown): string => (typeof v === 'string' ? v : v && typeof v === 'object' && 'S' in v ? String((v as { S: unknown }).S) : '');
/** The entity a key names: the first segment of its partition and sort keys (no literal spelled here). */
const keyShape = (key: Record<string, unknown> | undefined) => (key ? `${str(key.pk).split('#')[0]}/${str(key.sk).split('#')[0]}` : '?');

/** The keys a DynamoDB write touches, as sorted unique shapes. */
function dynamoTarget(command: string, input: Record<string, unknown>): string {
  const keys: (Record<string, unknown> | undefined)[] = [];
  if (command === 'PutItemCommand') keys.push(input.Item as Record<string, unknown>);
  if (command === 'UpdateItemCommand' || command === 'DeleteItemCommand') keys.push(input.Key as Record<string, unknown>);
  if (command === 'TransactWriteItemsCommand')
    for (const t of input.TransactItems as Record<string, { Item?: Record<string, unknown>; Key?: Record<string, unknown> }>[])
      for (const op of Object.values(t)) keys.push(op.Item ?? op.Key);
  if (command === 'BatchWriteItemCommand')
    for (const requests of Object.values(
      input.RequestItems as Record<string, Record<string, { Item?: Record<string, unknown>; Key?: Record<string, unknown> }>[]>,
    ))
      for (const r of requests) for (const op of Object.values(r)) keys.push(op.Item ?? op.Key);
  return [...new Set(keys.map(keyShape))].sort().join(',');
}

function queueOf(url: string): string {
  return QUEUES.find((q) => queueUrl(q) === url) ?? 'unknown-queue';
}

function sqsTarget(input: Record<string, unknown>): string {
  const bodies = input.Entries ? (input.Entries as { MessageBody?: string }[]).map((e) => e.MessageBody ?? '') : [String(input.MessageBody ?? '')];
  const types = [...new Set(bodies.map((b) => (JSON.parse(b) as { type?: string }).type ?? '?'))].sort();
  return `${queueOf(String(input.QueueUrl))} ${types.join(',')}`;
}

/** Records the points a run passes, or fails one of them once. */
export class FaultInjector {
  readonly seen = new Map<string, FaultPoint>();
  private target: { id: string; mode: FaultMode; fired: boolean } | null = null;
  /** Seams are only watched while the chain runs, never during set-up or snapshots. */
  armed = false;
  /** The scenario's phase now running, part of every point. */
  phase = '';
  /** The current invocation crashed: every seam fails until it ends. */
  private dead = false;

  /** Fails `point` once in the next run, in `mode`; null records only. */
  aim(point: FaultPoint | null, mode: FaultMode = 'throw'): void {
    this.target = point ? { id: pointId(point), mode, fired: false } : null;
    this.seen.clear();
    this.dead = false;
  }

  get fired(): boolean {
    return this.target?.fired ?? false;
  }

  /** Ends an invocation (a worker batch, a job run); true when it crashed. */
  endInvocation(): boolean {
    const crashed = this.dead;
    this.dead = false;
    return crashed;
  }

  async around<T>(seam: Omit<FaultPoint, 'phase'>, call: () => Promise<T>): Promise<T> {
    if (!this.armed) return call();
    const point = { phase: this.phase, ...seam };
    if (this.dead) throw new InjectedFault(`the process crashed before ${pointId(point)}`);
    const id = pointId(point);
    if (!this.seen.has(id)) this.seen.set(id, point);
    const t = this.target;
    if (!t || t.fired || t.id !== id) return call();
    t.fired = true;
    if (t.mode === 'throw') throw new InjectedFault(`injected failure of ${id}`);
    await call();
    this.dead = true;
    throw new InjectedFault(`injected crash after ${id}`);
  }

  /** Hooks the AWS clients' middleware stacks and the fault seams. */
  async install(): Promise<void> {
    const hook = (stack: MiddlewareStack<object, object>, kind: SeamKind, target: (command: string, input: Record<string, unknown>) => string | null) =>
      stack.add(
        (next, context) => async (args) => {
          const command = (context as { commandName?: string }).commandName ?? '';
          const operation = target(command, args.input as Record<string, unknown>);
          return operation === null ? next(args) : this.around({ kind, operation }, () => next(args));
        },
        { step: 'initialize', name: 'faultInjection', override: true },
      );
    hook(dynamo().middlewareStack as unknown as MiddlewareStack<object, object>, 'dynamodb', (command, input) =>
      WRITE_COMMANDS.has(command) ? `${command.replace(/(Items?)?Command$/, '')} ${dynamoTarget(command, input)}` : null,
    );
    hook((await sqs()).middlewareStack as unknown as MiddlewareStack<object, object>, 'sqs', (command, input) =>
      command === 'SendMessageBatchCommand' || command === 'SendMessageCommand' ? `send ${sqsTarget(input)}` : null,
    );
    hook((await s3()).middlewareStack as unknown as MiddlewareStack<object, object>, 's3', (command, input) =>
      command === 'PutObjectCommand' ? `PutObject .${String(input.Key).split('.').pop()}` : null,
    );
    installFaultPlan((kind, operation, call) => this.around({ kind, operation }, call));
  }
}
