/**
 * The offline demo's amendment votes: the House Clerk's roll calls of the two
 * amendment chains shipped as demo bills (H.R. 4182 and H.R. 4606 of the
 * 115th, local/demo/billstatus/), read from ./amendment-votes/ (see its
 * SOURCES.md) and stored like the bill's vote fetch stores them, each linked
 * to the amendment it decides by the clerk's amendment-num and -author. The
 * offline recording cannot answer a clerk request, so the files stand in.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHouseVote } from '#shared/adapters/providers/roll-calls/house-vote.parser.ts';
import { saveBillRollCall } from '#shared/use-cases/amendments/amendment-votes.ts';

export const DEMO_AMENDMENT_VOTES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'amendment-votes');

/** Stores every shipped roll call on its bill; returns how many and which amendments each was linked to. */
export async function importDemoAmendmentVotes(now = new Date()): Promise<{ roll_calls: number; linked: string[] }> {
  const files = (await readdir(DEMO_AMENDMENT_VOTES_DIR)).filter((f) => /^roll-\d{4}-\d+\.xml$/.test(f)).sort();
  const linked: string[] = [];
  for (const file of files) {
    const parsed = parseHouseVote(await readFile(path.join(DEMO_AMENDMENT_VOTES_DIR, file), 'utf8'));
    if (!parsed.bill) continue;
    const [, year, roll] = /^roll-(\d{4})-(\d+)\.xml$/.exec(file) ?? [];
    const url = `https://clerk.house.gov/evs/${year}/roll${roll?.padStart(3, '0')}.xml`;
    const saved = await saveBillRollCall(`${parsed.congress}-${parsed.bill.type}-${parsed.bill.number}`, parsed, url, now);
    linked.push(...saved.linked);
  }
  return { roll_calls: files.length, linked };
}
