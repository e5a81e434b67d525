/**
 * Congresses a member served, from the stored terms. Congress.gov terms
 * carry one congress each; congress-legislators terms carry years only and a
 * Senate term spans three congresses, so years are turned into the
 * congresses they cover. A congress counts once however many terms name it,
 * and only once it has begun: a senator sworn in this Congress has served
 * one, not the three the six-year term will span.
 */
import type { MemberTerm } from '#shared/domain/members/member.schema.ts';

/** The congress sitting in a year (the 1st began in 1789; each lasts two years). */
export const congressOfYear = (year: number): number => Math.floor((year - 1789) / 2) + 1;

/** The congresses one term covers: its own number, and those of the years it spans (a term ending in January ends in the year before). */
export function termCongresses(t: Pick<MemberTerm, 'congress' | 'start_year' | 'end_year'>): number[] {
  const out: number[] = t.congress === null ? [] : [t.congress];
  if (t.start_year !== null) {
    const last = t.end_year !== null && t.end_year > t.start_year ? t.end_year - 1 : t.start_year;
    for (let c = congressOfYear(t.start_year); c <= congressOfYear(last); c++) out.push(c);
  }
  return out;
}

/** How many distinct congresses the terms cover, up to the sitting one (`current`). */
export function congressesServed(terms: readonly Pick<MemberTerm, 'congress' | 'start_year' | 'end_year'>[], current: number): number {
  return new Set(terms.flatMap(termCongresses).filter((c) => c <= current)).size;
}
