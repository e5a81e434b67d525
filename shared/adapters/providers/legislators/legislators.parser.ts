/**
 * The congress-legislators dataset (legislators-current JSON) →
 * member records with the ids the Senate needs (LIS), bio, terms and
 * leadership roles. sync_members merges it with the Congress.gov list.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { MemberId } from '#shared/domain/members/member-id.ts';
import { ProviderError, parsePayload } from '#shared/adapters/providers/transport/provider-error.ts';
import { NOT_SCORED, type LeadershipRole, type Member, type MemberTerm } from '#shared/domain/members/member.schema.ts';
import { partyCode } from '#shared/domain/members/party.ts';
import { congressOfYear } from '#shared/domain/scores/seniority.ts';
import { stateCode } from '#shared/domain/members/state-codes.ts';

export const LEGISLATORS = 'congress-legislators';

const CongressTerm = lazySchema(() =>
  z
    .object({
      type: z.enum(['rep', 'sen']),
      start: z.string(),
      end: z.string(),
      state: z.string(),
      district: z.number().int().optional(),
      party: z.string().optional(),
      url: z.string().optional(),
      address: z.string().optional(),
      phone: z.string().optional(),
    })
    .passthrough(),
);
/** prez and viceprez terms appear in some histories: read, then skipped (never the file). */
const OtherTerm = lazySchema(() => z.object({ type: z.string().refine((t) => t !== 'rep' && t !== 'sen') }).passthrough());
const Term = lazySchema(() => z.union([CongressTerm(), OtherTerm()]));
const Legislator = lazySchema(() =>
  z
    .object({
      id: z.object({ bioguide: MemberId(), lis: z.string().optional() }).passthrough(),
      name: z.object({ first: z.string(), last: z.string(), nickname: z.string().optional(), official_full: z.string().optional() }).passthrough(),
      bio: z.object({ birthday: z.string().optional() }).passthrough().optional(),
      terms: z.array(Term()),
      leadership_roles: z
        .array(z.object({ title: z.string(), start: z.string().optional(), end: z.string().optional(), chamber: z.string().optional() }).passthrough())
        .optional(),
    })
    .passthrough(),
);
const Legislators = lazySchema(() => z.array(Legislator()));

/**
 * Parses the published JSON form, the one the pipeline fetches. The YAML form
 * is read by legislators-yaml.parser.ts, apart, so the YAML reader (a
 * CommonJS package esbuild cannot tree-shake) stays out of the function bundles.
 */
export function parseLegislatorsJson(text: string, fetchedAt = new Date().toISOString()): Member[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new ProviderError(LEGISLATORS, `not JSON: ${(err as Error).message}`, { cause: err });
  }
  return membersOf(data, fetchedAt);
}

/** Member records from the parsed dataset (either form). */
export function membersOf(data: unknown, fetchedAt: string): Member[] {
  return parsePayload(LEGISLATORS, 'legislators', Legislators(), data).flatMap((l) => {
    const served = l.terms.filter(isCongressTerm);
    const current = served[served.length - 1];
    // Someone whose history holds no term in Congress is not a member (a president's own entry, say).
    if (!current) return [];
    const state = stateCode(current.state) ?? current.state;
    const chamber = current.type === 'sen' ? 'senate' : 'house';
    const terms: MemberTerm[] = served.map((t) => {
      const start = Number(t.start.slice(0, 4));
      return {
        chamber: t.type === 'sen' ? 'senate' : 'house',
        congress: congressOfYear(start),
        start_year: start,
        end_year: Number(t.end.slice(0, 4)),
        state: stateCode(t.state),
        district: t.district ?? null,
        party: partyCode(t.party),
      };
    });
    const roles: LeadershipRole[] = (l.leadership_roles ?? []).map((r) => ({
      title: r.title,
      congress: r.start ? congressOfYear(Number(r.start.slice(0, 4))) : null,
      current: !r.end || r.end >= fetchedAt.slice(0, 10),
    }));
    const member: Member = {
      id: l.id.bioguide,
      name: `${l.name.last}, ${l.name.first}`,
      first_name: l.name.first,
      last_name: l.name.last,
      nickname: l.name.nickname ?? null,
      state,
      // The dataset numbers at-large and delegate seats 0; the number is stored as given.
      district: chamber === 'house' ? (current.district ?? null) : null,
      chamber,
      party: partyCode(current.party),
      photo_url: null,
      office_address: current.address ?? null,
      phone: current.phone ?? null,
      website: current.url ?? null,
      congress_gov_url: null,
      lis_id: l.id.lis ?? null,
      birth_year: l.bio?.birthday ? Number(l.bio.birthday.slice(0, 4)) : null,
      terms,
      // The dataset's current file lists sitting members only.
      in_office: true,
      leadership_roles: roles,
      sponsored_count: null,
      cosponsored_count: null,
      enriched_at: null,
      chaired_committees: null,
      ...NOT_SCORED,
      updated_at: null,
      provenance: { source: LEGISLATORS, fetched_at: fetchedAt },
    };
    return [member];
  });
}

type CongressTerm = z.infer<ReturnType<typeof CongressTerm>>;
/** A House or Senate term; the dataset also records prez and viceprez terms. */
const isCongressTerm = (t: z.infer<ReturnType<typeof Term>>): t is CongressTerm => t.type === 'rep' || t.type === 'sen';
