/**
 * The search index converges when a save dies between its table write and
 * the index message (shared/use-cases/bills/search-index-requests.ts): the message was
 * owed in the table outbox before the write, so relay_outbox sends it.
 */
import type { MiddlewareStack } from '@smithy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { relayOutbox } from '#shared/use-cases/bills/outbox-relay.ts';
import { saveListedBills } from '#shared/use-cases/bills/save-listed-bills.ts';
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { listOutboxEntries } from '#shared/adapters/db/outbox.repository.ts';
import { queueUrl } from '#shared/adapters/messaging/send.ts';
import { sqs } from '#shared/platform/sqs-client.ts';
import type { BillListItem } from '#shared/adapters/providers/congress-gov/congress-gov.schema.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { takeAll } from '#test/support/drain.ts';

useIntegrationStack();

/** While set, a send to the search-index queue fails as if the process died just before it. */
let dead = false;
let hooked = false;

async function dieBeforeIndexSend(): Promise<void> {
  dead = true;
  if (hooked) return;
  hooked = true;
  const stack = (await sqs()).middlewareStack as unknown as MiddlewareStack<object, object>;
  stack.add(
    (next) => async (args) => {
      const input = args.input as { QueueUrl?: string };
      if (dead && input.QueueUrl === queueUrl('search-index')) throw new Error('the process died before the index message');
      return next(args);
    },
    { step: 'initialize', name: 'dieBeforeIndexSend', override: true },
  );
}

afterEach(() => {
  dead = false;
});

const listed = (number: number, title: string, updateDate: string): BillListItem => ({
  congress: 119,
  number,
  type: 'HR',
  title,
  updateDate,
  latestAction: { actionDate: '2025-03-01', text: 'Referred to the Committee on Energy and Commerce.' },
});

const indexed = (bodies: unknown[]) => bodies.map((b) => (b as { type: string; bill_id?: string }).bill_id ?? (b as { type: string }).type).sort();
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('search index messages owed in the table outbox', () => {
  it('reach the indexer through relay_outbox when the save dies after a new bill is stored', async () => {
    await dieBeforeIndexSend();
    await expect(saveListedBills([listed(701, 'Harbor Dredging Act', '2025-03-01T00:00:00Z')], new Date().toISOString())).rejects.toThrow('died');
    dead = false;
    expect(await getBill('119-hr-701')).toMatchObject({ title: 'Harbor Dredging Act' });
    expect(await takeAll('search-index')).toEqual([]);

    expect(await relayOutbox(later(2))).toMatchObject({ sent: 1, failed: 0 });
    expect(indexed(await takeAll('search-index'))).toEqual(['119-hr-701']);
    expect(await listOutboxEntries('9999', 10)).toEqual([]);
  });

  it('reach the indexer when the save dies after a stored bill is refreshed (its listing is then unchanged, so no later save resends)', async () => {
    await dieBeforeIndexSend();
    await expect(saveListedBills([listed(701, 'Harbor Dredging and Jetty Act', '2025-03-05T00:00:00Z')], new Date().toISOString())).rejects.toThrow('died');
    dead = false;
    expect(await getBill('119-hr-701')).toMatchObject({ title: 'Harbor Dredging and Jetty Act' });
    // The same listing saved again changes nothing and asks for nothing: only the outbox still knows.
    await saveListedBills([listed(701, 'Harbor Dredging and Jetty Act', '2025-03-05T00:00:00Z')], new Date().toISOString());
    expect(await takeAll('search-index')).toEqual([]);

    expect(await relayOutbox(later(2))).toMatchObject({ sent: 1, failed: 0 });
    expect(indexed(await takeAll('search-index'))).toEqual(['119-hr-701']);
  });

  it('are sent at once and leave no entry when nothing dies', async () => {
    await saveListedBills([listed(702, 'Jetty Repair Act', '2025-03-01T00:00:00Z')], new Date().toISOString());
    expect(indexed(await takeAll('search-index'))).toEqual(['119-hr-702']);
    expect(await listOutboxEntries('9999', 10)).toEqual([]);
  });
});
