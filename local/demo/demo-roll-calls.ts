/**
 * The offline demo's roll calls: the House Clerk and Senate LIS files in
 * ./rollcalls/ (see its SOURCES.md), each a recorded vote of a demo bill.
 * The replay's stand-in (./demo-stand-in.ts) answers their addresses
 * (demoRollCallResponse), and the demo load queues each demo bill's vote
 * fetch (queueDemoVoteFetches), so the pipeline's own vote fetch
 * (shared/use-cases/bills/bill-tasks.ts) brings them in once the local
 * stack is up: parsed by the same parsers, Senate LIS ids resolved through
 * the bundled members, stored with the bill and every member's position,
 * and a recorded vote the files lack recorded as not in the offline data.
 * Queued rather than stored during the load: storing a roll call notes
 * each of its few hundred positions on its member's recent votes, about
 * 90 s for the twelve on DynamoDB Local, which a start should not wait for;
 * and spread out (STAGGER_SECONDS apart), so the pumps store one bill's
 * roll calls at a time and the API stays quick meanwhile.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sendMessages } from '#shared/adapters/messaging/send.ts';
import type { RecordedResponse } from '#shared/adapters/providers/transport/har.ts';
import { houseRollCallUrl, senateRollCallUrl } from '#shared/domain/votes/roll-call-source.ts';

export const DEMO_ROLLCALLS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'rollcalls');

/** The address a file stands for, from its name: roll-{year}-{roll}.xml (House) or vote_{congress}_{session}_{vote}.xml (Senate). */
function urlOfFile(name: string): string | null {
  const house = /^roll-(\d{4})-(\d+)\.xml$/.exec(name);
  if (house) return houseRollCallUrl(Number(house[1]), Number(house[2]));
  const senate = /^vote_(\d+)_(\d)_(\d+)\.xml$/.exec(name);
  return senate ? senateRollCallUrl(Number(senate[1]), Number(senate[2]), Number(senate[3])) : null;
}

let files: Map<string, string> | undefined;

/** Each shipped file by the XML address of its vote (listed once). */
export function demoRollCallFiles(): Map<string, string> {
  files ??= new Map(
    readdirSync(DEMO_ROLLCALLS_DIR).flatMap((name) => {
      const url = urlOfFile(name);
      return url ? [[url, path.join(DEMO_ROLLCALLS_DIR, name)] as const] : [];
    }),
  );
  return files;
}

/** The stand-in's answer to a GET of a shipped roll call's address, as the clerk or the Senate serves it (the stand-in answers synchronously). */
export function demoRollCallResponse(method: string, url: string): RecordedResponse | undefined {
  const file = method === 'GET' ? demoRollCallFiles().get(url) : undefined;
  return file ? { status: 200, headers: { 'content-type': 'text/xml' }, body: readFileSync(file) } : undefined;
}

/** Seconds between two bills' vote fetches (SQS delays a message 900 s at most). */
const STAGGER_SECONDS = 10;

/** Queues the vote fetch of each bill (those whose imported actions name recorded votes), one every STAGGER_SECONDS. */
export async function queueDemoVoteFetches(billIds: readonly string[]) {
  await sendMessages(
    'ingest-tasks',
    billIds.map((bill_id, i) => ({
      body: { v: 1 as const, type: 'fetch_bill_votes' as const, bill_id },
      delaySeconds: Math.min(900, i * STAGGER_SECONDS),
    })),
  );
  return { bills: billIds.length, over_seconds: Math.min(900, (billIds.length - 1) * STAGGER_SECONDS) };
}
