/**
 * Bulk Bill Status import benchmark (`npm run bench:bulk`). The 26 GPO Bill
 * Status samples (local/demo/billstatus/) are replicated under new bill
 * numbers into a Congress-sized set (BULK_BENCH_BILLS, default 15,000),
 * zipped per Congress and bill type as GovInfo publishes them, and served
 * from a local HTTP server standing in for the bulk repository. Then the real
 * path on DynamoDB Local + fauxqs: POST /api/admin/backfill-bills with source
 * "bulk", and the bill-status-import worker run BULK_BENCH_WORKERS at a time
 * (default 4; a deployed stack runs 10) until its queue is empty: zips
 * streamed into S3 staging, listed, fanned out in chunks, each file parsed
 * and saved. Prints bills per second, DynamoDB requests per bill and the
 * time a 15,000-bill Congress takes at that rate; then runs the import
 * again and shows it creates and changes nothing. Not a test.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { formatCounts as fmt, startCountedBench, totalCount as sum } from './support/bench-stack.ts';

const BILLS = Number(process.env.BULK_BENCH_BILLS ?? 15_000);
const WORKERS = Number(process.env.BULK_BENCH_WORKERS ?? 4);
const TARGET_BILLS = 15_000;
const SAMPLES = path.resolve(import.meta.dirname, '../local/demo/billstatus');

/**
 * The sample renumbered: the older formats name the bill's number billNumber (once); v3 puts the bill's
 * own <number> first in <bill>, before any nested one.
 */
function renumber(xml: string, number: number): string {
  if (xml.includes('<billNumber>')) return xml.replace(/<billNumber>\d+<\/billNumber>/, `<billNumber>${number}</billNumber>`);
  const at = xml.indexOf('<bill>');
  return xml.slice(0, at) + xml.slice(at).replace(/<number>\d+<\/number>/, `<number>${number}</number>`);
}

const stack = await startCountedBench('bulk');
const { take } = stack;
// DynamoDB in AWS has no local disk cost; DynamoDB Local's disk store (SQLite syncing every commit) would add
// ~13 ms an item here and measure this machine's disk, so the requests per bill are the cost figure that carries over.
console.log("DynamoDB Local runs in memory (-inMemory): its disk store would time this machine's disk, not the import");

try {
  const { parseBillStatus } = await import('#shared/adapters/providers/congress-gov/bill-status.parser.ts');
  const { buildZip, bulkStandIn, zipsOfFiles } = await import('../test/support/bulk-zips.ts');
  const { resetConfig } = await import('#shared/platform/config.ts');
  const { receive } = await import('../test/support/drain.ts');
  const { toSqsEvent } = await import('../local/sqs-event.ts');
  const { queueUrl } = await import('#shared/adapters/messaging/send.ts');
  const { sqs } = await import('#shared/platform/sqs-client.ts');
  const { DeleteMessageBatchCommand } = await import('@aws-sdk/client-sqs');
  const { handler: worker } = await import('#functions/workers/bill-status-import.ts');
  const { startBulkImport } = await import('#shared/use-cases/bills/bulk-import-admin.ts');
  const { getBulkImport } = await import('#shared/adapters/db/bulk-imports.repository.ts');
  const { lambdaContext } = await import('#test/support/api.ts');

  // The set: every sample in turn, each copy under a new number in its own Congress and type.
  const samples = readdirSync(SAMPLES)
    .filter((f) => f.endsWith('.xml'))
    .sort()
    .map((f) => {
      const xml = readFileSync(path.join(SAMPLES, f), 'utf8');
      const { bill } = parseBillStatus(xml);
      return { xml, congress: bill.congress, type: bill.type };
    });
  // Parsing is CPU the import cannot overlap with anything in one process: timed alone, per sample, after a warm-up pass.
  const parseStarted = process.cpuUsage();
  for (const sample of samples) parseBillStatus(sample.xml);
  const parseCpu = process.cpuUsage(parseStarted);
  const parseCpuMs = (parseCpu.user + parseCpu.system) / 1000 / samples.length;
  console.log(`parsing alone: ${parseCpuMs.toFixed(0)} ms of CPU per sample file (${samples.length} samples)`);
  const files = Array.from({ length: BILLS }, (_, i) => {
    const s = samples[i % samples.length] as (typeof samples)[number];
    const number = 20_000 + i;
    return { congress: s.congress, type: s.type, number, text: renumber(s.xml, number) };
  });
  const congresses = [...new Set(files.map((f) => f.congress))].sort();
  const zipStarted = Date.now();
  const zips = new Map<string, Buffer>();
  for (const [key, specs] of zipsOfFiles(files)) zips.set(key, await buildZip(specs));
  const zipBytes = [...zips.values()].reduce((a, b) => a + b.length, 0);
  console.log(
    `\n${BILLS} Bill Status files (the ${samples.length} samples renumbered), ${zips.size} zips of ${(zipBytes / 1e6).toFixed(1)} MB over Congresses ${congresses.join(', ')} (built in ${((Date.now() - zipStarted) / 1000).toFixed(1)} s)`,
  );
  const standIn = await bulkStandIn(zips);
  process.env.GOVINFO_BULK_BASE_URL = standIn.base;
  resetConfig();

  /** Runs the worker WORKERS at a time until the queue stays empty. */
  async function pump(): Promise<void> {
    const client = await sqs();
    // Done when the queue is empty and no worker is busy (a busy zip worker is about to send its chunks).
    let busy = 0;
    let idleSince = 0;
    const loop = async () => {
      for (;;) {
        const batch = await receive('bill-status-import');
        if (batch.length === 0) {
          if (busy === 0 && idleSince && Date.now() - idleSince > 500) return;
          if (busy === 0 && !idleSince) idleSince = Date.now();
          await new Promise((r) => setTimeout(r, 50));
          continue;
        }
        idleSince = 0;
        busy++;
        await worker(toSqsEvent(batch, 'arn:aws:sqs:us-east-1:000000000000:bill-status-import', 'us-east-1'), lambdaContext());
        await client.send(
          new DeleteMessageBatchCommand({
            QueueUrl: queueUrl('bill-status-import'),
            Entries: batch.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle ?? '' })),
          }),
        );
        busy--;
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, loop));
  }

  async function run(label: string) {
    take();
    const started = Date.now();
    const cpuStarted = process.cpuUsage();
    for (const c of congresses) await startBulkImport(c, 'bench', new Date());
    await pump();
    const seconds = (Date.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuStarted);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const counts = take();
    const records = await Promise.all(congresses.map((c) => getBulkImport(`bulk-congress-${c}`)));
    const total = (k: 'files_done' | 'bills_created' | 'bills_changed' | 'files_failed') => records.reduce((a, r) => a + (r?.[k] ?? 0), 0);
    const states = records.map((r) => r?.state).join(', ');
    const rate = total('files_done') / seconds;
    console.log(`\n${label}: ${total('files_done')} files in ${seconds.toFixed(1)} s with ${WORKERS} workers (${states})`);
    console.log(`  bills created ${total('bills_created')}, bills changed ${total('bills_changed')}, files failed ${total('files_failed')}`);
    // The bench's one Node process runs every worker (in AWS each is its own Lambda): its CPU per file bounds the rate here.
    console.log(
      `  this process's CPU: ${cpuSeconds.toFixed(1)} s (${((cpuSeconds / total('files_done')) * 1000).toFixed(0)} ms per file, ${((cpuSeconds / seconds) * 100).toFixed(0)}% of one core over the run)`,
    );
    console.log(`  ${rate.toFixed(1)} bills/s; ${(sum(counts) / total('files_done')).toFixed(1)} DynamoDB requests per bill (${fmt(counts)})`);
    console.log(`  a ${TARGET_BILLS.toLocaleString('en-US')}-bill Congress at this rate: ${(TARGET_BILLS / rate / 60).toFixed(1)} minutes`);
    return { seconds, counts, created: total('bills_created'), changed: total('bills_changed') };
  }

  const first = await run('First import');
  const second = await run('Second import of the same zips');
  const writes = (c: Record<string, number>) =>
    (c.PutItemCommand ?? 0) + (c.BatchWriteItemCommand ?? 0) + (c.UpdateItemCommand ?? 0) + (c.TransactWriteItemsCommand ?? 0);
  console.log(
    `\nSecond run: ${second.created} bills created, ${second.changed} changed; its ${writes(second.counts)} write requests are the import's own bookkeeping (the run record, one counted marker per zip and per chunk), against ${writes(first.counts)} on the first run`,
  );
  console.log(`Target: ${TARGET_BILLS} bills in under 60 minutes: ${TARGET_BILLS / (BILLS / first.seconds) / 60 < 60 ? 'met' : 'NOT met'}`);
  await standIn.close();
} finally {
  await stack.stop();
}
