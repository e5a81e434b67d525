// Dates, party and place in the forms people read.
const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "Mar 5, 2025" for a YYYY-MM-DD date or an ISO timestamp's day; "unknown date" for none. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'unknown date';
  const d = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(d.getTime()) ? value : DATE.format(d);
}

/** A timestamp in the reader's own time zone. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return 'unknown time';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : DATE_TIME.format(d);
}

const PARTIES: Record<string, string> = { D: 'Democrat', R: 'Republican', I: 'Independent', ID: 'Independent Democrat', L: 'Libertarian' };

export function partyName(party: string | null | undefined): string {
  if (!party) return 'party unknown';
  return PARTIES[party] ?? party;
}

/** "D-CA-12", "R-TX" (senators and at-large seats have no district). */
export function memberPlace(m: { party: string | null; state: string | null; district: number | null }): string {
  return [m.party ?? '?', m.state ?? '?', ...(m.district !== null && m.district !== undefined && m.district > 0 ? [String(m.district)] : [])].join('-');
}

/** "Smith, Jane" as "Jane Smith". */
export function displayName(name: string): string {
  const [last, first] = name.split(',').map((s) => s.trim());
  return first ? `${first} ${last}` : name;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** A Congress (or any count) as an ordinal: 113th, 101st, 102nd, 121st. */
export function ordinal(n: number): string {
  return `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
}
