/**
 * Every bill of the seed dataset, read as the actions task reads it from the
 * seed recording (local/fixtures/seed.har, every page of its actions): the
 * status is a pure function of the stored actions (any order gives the same),
 * and it never contradicts the latest action, even where the recording holds
 * only part of a bill's history (H.R. 21 of the 118th: "Received in the
 * Senate." without the House vote).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normaliseBillType } from '#shared/domain/bills/bill-id.ts';
import type { StatusSubject } from '#shared/domain/bills/status-rules.ts';
import { statusAfterAction } from '#shared/domain/bills/status-rules.ts';
import { deriveStatus } from '#shared/domain/bills/status-timeline.ts';
import { Action } from '#shared/adapters/providers/congress-gov/congress-gov.schema.ts';
import { actionFromProvider } from '#shared/adapters/providers/congress-gov/normalise-congress.ts';
import { SEED_HAR_PATH } from '../../../../../local/fixtures/build-seed-har.ts';
import { SEED_BILLS } from '../../../../../local/fixtures/seed-bills.ts';

interface HarEntry {
  request: { url: string };
  response: { content: { text?: string } };
}
const entries = (JSON.parse(readFileSync(SEED_HAR_PATH, 'utf8')) as { log: { entries: HarEntry[] } }).log.entries;

/** Every recorded page of a bill's actions, as the actions task stores them. */
function recordedActions(congress: number, type: string, number: number) {
  const path = `/v3/bill/${congress}/${type}/${number}/actions`;
  return entries
    .filter((e) => new URL(e.request.url).pathname === path)
    .flatMap((e) => (JSON.parse(e.response.content.text ?? '{}') as { actions: unknown[] }).actions.map((a) => Action.parse(a)))
    .map((a) => actionFromProvider(`${congress}-${type}-${number}`, a, '2025-01-01T00:00:00Z'));
}

/**
 * Where each seeded bill stands by the public record of its latest action
 * (written by hand, so a rule that misreads an action cannot also write the
 * expectation); a bill added to the seed without one fails the test below.
 */
const ON_RECORD: Record<string, string> = {
  // Latest: "Received in the Senate and Read twice and referred to the Committee on Foreign Relations." (the House passed it).
  '116-hjres-37': 'PASS_OVER:HOUSE',
  // Latest: "Signed by President." and "Became Public Law No: 119-1." (the recording skips the House vote and the presentment).
  '119-s-5': 'ENACTED:SIGNED',
  // Latest: "Received in the Senate." (the recording lacks the House passage vote, which it implies).
  '118-hr-21': 'PASS_OVER:HOUSE',
};

describe('the status of every seeded bill', () => {
  it.each(SEED_BILLS.map((b) => [`${b.type} ${b.number} (${b.congress})`, b] as const))('%s', (_, seed) => {
    const type = normaliseBillType(seed.type);
    if (!type) throw new Error(`seed bill type ${seed.type}`);
    const subject: StatusSubject = { type, number: seed.number, title: seed.title };
    const actions = recordedActions(seed.congress, type, seed.number);
    expect(actions.length).toBeGreaterThan(0);

    const derived = deriveStatus(subject, actions);
    expect(derived.status).toBe(ON_RECORD[`${seed.congress}-${type}-${seed.number}`]);
    // A pure function of the stored actions: their order and a second reading change nothing.
    expect(deriveStatus(subject, [...actions].reverse())).toEqual(derived);
    expect(deriveStatus(subject, actions)).toEqual(derived);

    // The latest action, read from the derived status, moves it nowhere: the status does not contradict it.
    const latestDate = actions.map((a) => a.action_date).reduce((a, b) => (a > b ? a : b));
    for (const latest of actions.filter((a) => a.action_date === latestDate)) {
      expect({ action: latest.action_text, next: statusAfterAction(subject, derived.status, latest.action_text).status }).toEqual({
        action: latest.action_text,
        next: null,
      });
    }
  });
});
