/**
 * Saves DynamoDB Local's working copy (./dynamodb-working-copy.ts) a few
 * seconds after the service writes: a middleware on the service's DynamoDB
 * client marks the data changed on any command that is not a read, and a
 * timer saves when it is. Writes sent by another process (a CLI pointed at
 * the endpoint) are saved by the next save, at the latest the one at stop.
 */
import type { WorkingCopy } from './dynamodb-working-copy.ts';

/** Commands that change nothing; any other marks the data changed. */
const READS = new Set([
  'GetItemCommand',
  'BatchGetItemCommand',
  'QueryCommand',
  'ScanCommand',
  'TransactGetItemsCommand',
  'DescribeTableCommand',
  'ListTablesCommand',
  'DescribeTimeToLiveCommand',
]);

interface MiddlewareHost {
  middlewareStack: {
    add(
      middleware: (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => (args: unknown) => Promise<unknown>,
      options: { step: 'initialize'; name: string },
    ): void;
  };
}

export interface SaveOnChange {
  /** Stops the timer (the working copy's close() makes the last save). */
  stop(): Promise<void>;
}

/** Watches `client` (the service's DynamoDB client) and saves `copy` at most `intervalMs` after a write. */
export function saveOnChange(options: { client: unknown; copy: Pick<WorkingCopy, 'save'>; intervalMs: number; log: (line: string) => void }): SaveOnChange {
  // Starts changed: what was written before the watch (the seed) is saved by the first tick.
  let changed = true;
  let saving: Promise<unknown> = Promise.resolve();
  let busy = false;
  (options.client as MiddlewareHost).middlewareStack.add(
    (next, context) => (args) => {
      if (!READS.has(context.commandName ?? '')) changed = true;
      return next(args);
    },
    { step: 'initialize', name: 'localDynamoSaveOnChange' },
  );
  const timer = setInterval(() => {
    if (!changed || busy) return;
    busy = true;
    changed = false;
    saving = options.copy
      .save()
      .then((saved) => {
        // Writes kept the file changing: tried again on the next tick.
        if (!saved) changed = true;
      })
      .catch((err: unknown) => {
        changed = true;
        options.log(`dynamodb: saving the working copy failed: ${err instanceof Error ? err.message : String(err)}`);
      })
      .finally(() => (busy = false));
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await saving;
    },
  };
}
