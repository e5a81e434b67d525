/**
 * congress-legislators' committee files, YAML or JSON (YAML is a superset,
 * so one reader serves both; JSON.parse first, as it is faster):
 * committees-current → every committee and subcommittee (a subcommittee's
 * code is its parent's plus its own two digits), and
 * committee-membership-current → each committee's seats. In the membership
 * file `party` holds the side ("majority" or "minority"), not a party.
 */
import * as z from 'zod';
import { parse as parseYaml } from 'yaml';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import type { Committee, CommitteeSeat } from '#shared/domain/committees/committee.schema.ts';
import { chamberOfCommittee } from '#shared/domain/schedule/committee-code.ts';
import { readableOrNull, readableText } from '#shared/domain/schedule/source-text.ts';
import { ProviderError, parsePayload } from '#shared/adapters/providers/transport/provider-error.ts';
import { LEGISLATORS } from './legislators.parser.ts';

const CommitteesFile = lazySchema(() =>
  z.array(
    z.looseObject({
      type: z.string(),
      name: z.string(),
      thomas_id: z.string().regex(/^[A-Z]{4}$/, { error: 'must be a four-letter committee code' }),
      url: z.string().optional(),
      jurisdiction: z.string().optional(),
      subcommittees: z.array(z.looseObject({ name: z.string(), thomas_id: z.coerce.string().regex(/^\d{2}$/, { error: 'must be two digits' }) })).optional(),
    }),
  ),
);

const MembershipFile = lazySchema(() =>
  z.record(
    z.string().regex(/^[A-Z]{4}(\d{2})?$/, { error: 'must be a committee code such as HSAG or HSAG15' }),
    z.array(
      z.looseObject({
        bioguide: z.string().regex(/^[A-Z]\d{6}$/, { error: 'must be a Bioguide id' }),
        name: z.string().optional(),
        party: z.enum(['majority', 'minority'], { error: 'must be majority or minority (the side)' }),
        rank: z.number().int().optional(),
        title: z.string().optional(),
      }),
    ),
  ),
);

/** YAML or JSON text → data. */
function readData(text: string, what: string): unknown {
  try {
    return /^\s*[[{]/.test(text) ? JSON.parse(text) : parseYaml(text, { maxAliasCount: -1 });
  } catch (err) {
    throw new ProviderError(LEGISLATORS, `${what} is not YAML or JSON: ${(err as Error).message}`, { cause: err });
  }
}

/** Every committee and subcommittee of committees-current, full committees first, with no member counts yet. */
export function parseCommittees(text: string): Committee[] {
  const file = parsePayload(LEGISLATORS, 'committees', CommitteesFile(), readData(text, 'committees'));
  return file.flatMap((c) => {
    const subcommittees = (c.subcommittees ?? []).map((s) => ({ id: `${c.thomas_id}${s.thomas_id}`, name: readableText(s.name) }));
    const full: Committee = {
      id: c.thomas_id,
      name: readableText(c.name),
      chamber: chamberOfCommittee(c.thomas_id),
      parent_id: null,
      url: readableOrNull(c.url),
      jurisdiction: readableOrNull(c.jurisdiction),
      subcommittees,
      member_count: 0,
      current: true,
    };
    return [
      full,
      ...subcommittees.map((s): Committee => ({ ...full, id: s.id, name: s.name, parent_id: c.thomas_id, url: null, jurisdiction: null, subcommittees: [] })),
    ];
  });
}

/** The seats of committee-membership-current, grouped by committee in file order (seats in file order). */
export function parseCommitteeMembership(text: string): { committee_id: string; seats: CommitteeSeat[] }[] {
  const file = parsePayload(LEGISLATORS, 'committee membership', MembershipFile(), readData(text, 'committee membership'));
  return Object.entries(file).map(([committeeId, seats]) => ({
    committee_id: committeeId,
    seats: seats.map((s) => ({
      committee_id: committeeId,
      member_id: s.bioguide,
      name: readableText(s.name ?? s.bioguide),
      side: s.party,
      rank: s.rank ?? null,
      title: s.title ?? null,
    })),
  }));
}
