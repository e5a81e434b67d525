/**
 * The table outbox and its relay (shared/use-cases/bills/outbox-relay.ts): an entry
 * written in a transaction is sent by relay_outbox once it is older than a
 * minute, then deleted; a younger one is left to the step that wrote it; an
 * entry whose messages do not fit their queue fails the run and stays.
 */
import { describe, expect, it } from 'vitest';
import { owe, relayOutbox, sendOwed, OUTBOX_RELAY_AGE_SECONDS } from '#shared/use-cases/bills/outbox-relay.ts';
import { listOutboxEntries, outboxPut } from '#shared/adapters/db/outbox.repository.ts';
import { type OutboxEntry } from '#shared/domain/notify/outbox-entry.schema.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { takeAll } from '../../../../support/drain.ts';
import * as table from '#shared/adapters/db/table-client.ts';

useIntegrationStack();

const write = (...entries: OutboxEntry[]) => table.transactWrite(entries.map(outboxPut));
const brief = (bill_id: string, version_code: string) => ({ v: 1 as const, type: 'brief_bill_text' as const, bill_id, version_code, force: false });
const everything = () => listOutboxEntries('9999', 100);

describe('table outbox relay', () => {
  it('sends entries older than a minute once, deletes them, and leaves younger ones to the step that wrote them', async () => {
    const now = new Date('2026-03-02T15:00:00Z');
    const old = new Date(now.getTime() - (OUTBOX_RELAY_AGE_SECONDS + 5) * 1000);
    await write(owe('text:119-hr-1:ih', 'brief', [brief('119-hr-1', 'ih')], old), owe('text:119-hr-2:ih', 'brief', [brief('119-hr-2', 'ih')], now));

    expect(await relayOutbox(now)).toMatchObject({ found: 1, sent: 1, failed: 0, oldest: old.toISOString() });
    expect(await takeAll('brief')).toEqual([expect.objectContaining(brief('119-hr-1', 'ih'))]);
    expect((await everything()).map((e) => e.id)).toEqual(['text:119-hr-2:ih']);

    expect(await relayOutbox(now)).toMatchObject({ found: 0, sent: 0 });
    expect(await takeAll('brief')).toEqual([]);
  });

  it('lets the step that wrote an entry send it and delete it', async () => {
    const [young] = await everything();
    if (!young) throw new Error('the first test leaves one entry');
    await sendOwed(young);
    expect(await takeAll('brief')).toEqual([expect.objectContaining(brief('119-hr-2', 'ih'))]);
    expect(await everything()).toEqual([]);
  });

  it('fails the run on an entry that does not fit its queue, and keeps it for the next run', async () => {
    const now = new Date('2026-03-02T16:00:00Z');
    const old = new Date(now.getTime() - 3600_000);
    await write({ id: 'broken', queue: 'brief', messages: [{ v: 1, type: 'no_such_message' }], created_at: old.toISOString() });
    await expect(relayOutbox(now)).rejects.toThrow('1 of 1 outbox entries could not be relayed');
    expect((await everything()).map((e) => e.id)).toEqual(['broken']);
    expect(await takeAll('brief')).toEqual([]);
  });
});
