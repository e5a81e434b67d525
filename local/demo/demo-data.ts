/**
 * The offline demo's data, loaded at every offline start of the local stack
 * (local/seed.ts): every current member (./offline-members.ts), the Bill
 * Status bills (./demo-bills.ts), and the committees and recorded schedule
 * (./offline-schedule.ts). Each writes only what is missing; then the
 * document fetch of each bill with a shipped text is queued
 * (./demo-texts.ts), which stores and briefs the texts once the pumps run. A
 * marker item (SYSTEM / DEMO_DATA) written after a complete load carries a
 * hash of the demo files, so a warm restart is one GetItem and writes
 * nothing; a start interrupted mid-load left no marker and completes the
 * load; changed demo files load again.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { getDemoDataVersion, putDemoDataVersion } from '#shared/adapters/db/demo-data.repository.ts';
import { DEMO_BILLSTATUS_DIR, importDemoBills } from './demo-bills.ts';
import { DEMO_TEXTS_DIR, queueDemoTextFetches } from './demo-texts.ts';
import { LEGISLATORS_DATA_DIR, loadOfflineMembers } from './offline-members.ts';
import { SCHEDULE_RECORDINGS_DIR, loadOfflineCommittees, loadOfflineSchedule } from './offline-schedule.ts';

/** Bump when the loading code changes what it writes for the same files. */
const LOADER_VERSION = 6;

/** A hash of every demo file's name and content, and of the loader's version. */
export async function demoDataVersion(): Promise<string> {
  const hash = createHash('sha256').update(`loader ${LOADER_VERSION}\n`);
  for (const dir of [LEGISLATORS_DATA_DIR, DEMO_BILLSTATUS_DIR, DEMO_TEXTS_DIR, SCHEDULE_RECORDINGS_DIR]) {
    for (const name of (await readdir(dir)).sort()) {
      hash.update(`${path.basename(dir)}/${name}\n`).update(await readFile(path.join(dir, name)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

export type DemoLoad =
  | { loaded: false; version: string }
  | {
      loaded: true;
      version: string;
      /** With the seconds from the load's start to the end of each part (they run side by side). */
      members: Awaited<ReturnType<typeof loadOfflineMembers>> & { seconds: number };
      bills: Awaited<ReturnType<typeof importDemoBills>> & { seconds: number };
      /** The bills whose document fetch was queued (their texts are shipped). */
      textFetches: string[];
      committees: Awaited<ReturnType<typeof loadOfflineCommittees>>;
      schedule: Awaited<ReturnType<typeof loadOfflineSchedule>>;
    };

/** Loads the demo data unless the marker says this version is already loaded. */
export async function loadDemoData(now = new Date()): Promise<DemoLoad> {
  const version = await demoDataVersion();
  if ((await getDemoDataVersion()) === version) return { loaded: false, version };
  const started = performance.now();
  const seconds = () => Number(((performance.now() - started) / 1000).toFixed(1));
  const [members, bills, committees] = await Promise.all([
    loadOfflineMembers(now).then((r) => ({ ...r, seconds: seconds() })),
    importDemoBills(now).then((r) => ({ ...r, seconds: seconds() })),
    loadOfflineCommittees(now),
  ]);
  // After the bills: a meeting's bills are then stored for the pages that
  // link them, and a fetch for a bill not stored yet would be skipped.
  const schedule = await loadOfflineSchedule(now);
  const textFetches = await queueDemoTextFetches();
  await putDemoDataVersion(version, now.toISOString());
  return { loaded: true, version, members, bills, committees, schedule, textFetches };
}
