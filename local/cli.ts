/**
 * `npm run cli -- parse <kind> <file>`: prints the normalised record of a
 * provider payload as JSON, through the same parsers the pipeline uses.
 * Kinds: house-vote, senate-vote, bill, actions, members, legislators,
 * bill-status (with the bill's status and status timeline), district, and
 * the committee and schedule kinds of ./schedule-parsers.ts (house-meeting,
 * senate-hearings, congress-gov-meeting, house-floor-week, senate-floor,
 * house-floor-summary, committees, committee-membership). A malformed
 * payload exits 1 naming the field.
 *
 * `npm run cli -- status <bill_id> <prior status or -> "<action text>"`:
 * prints the status the action moves the bill to (null when unchanged) and
 * the vote it records (null when none), by the rules ingestion uses; `-`
 * stands for INTRODUCED, and `--title` gives the bill's title (a joint
 * resolution proposing a constitutional amendment is told by it).
 *
 * `npm run cli -- forecast <file>`: the forecast at introduction of each bill
 * record in the file (local/forecast/forecast-cli.ts).
 */
import { readFileSync } from 'node:fs';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { BillId, billId, billLabel, congressForDate, parseBillId } from '#shared/domain/bills/bill-id.ts';
import { BillStatus, INITIAL_STATUS, currentStatusCode } from '#shared/domain/bills/bill-status.ts';
import { statusAfterAction } from '#shared/domain/bills/status-rules.ts';
import { districtFromGeographies } from '#shared/domain/members/district.ts';
import { parseHouseVote } from '#shared/adapters/providers/roll-calls/house-vote.parser.ts';
import { parseLegislators } from '#shared/adapters/providers/legislators/legislators-yaml.parser.ts';
import { actionFromProvider, billTypeOf, detailFields, memberFromListItem } from '#shared/adapters/providers/congress-gov/normalise-congress.ts';
import { parseSenateVote } from '#shared/adapters/providers/roll-calls/senate-vote.parser.ts';
import { ActionsPage, BillDetail, MemberListPage } from '#shared/adapters/providers/congress-gov/congress-gov.schema.ts';
import { parseJsonBody, parsePayload } from '#shared/adapters/providers/transport/provider-error.ts';
import { FORECAST_USAGE, forecastCommand } from '#local/forecast/forecast-cli.ts';
import { SCHEDULE_PARSERS } from './schedule-parsers.ts';

const CG = 'congress-gov';
const now = () => new Date().toISOString();

const PARSERS: Record<string, (text: string) => unknown> = {
  'house-vote': parseHouseVote,
  'senate-vote': parseSenateVote,
  bill: (text) => {
    const b = parsePayload(CG, 'bill detail', BillDetail, parseJsonBody(CG, 'bill detail', text)).bill;
    const type = billTypeOf(b.type);
    return {
      id: billId(b.congress, type, b.number),
      congress: b.congress,
      type,
      number: b.number,
      label: billLabel(type, b.number),
      title: b.title,
      latest_action: b.latestAction ?? null,
      update_date: b.updateDate,
      ...detailFields(b),
    };
  },
  actions: (text) => {
    const page = parsePayload(CG, 'bill actions', ActionsPage, parseJsonBody(CG, 'bill actions', text));
    const request = (JSON.parse(text) as { request?: { congress?: string; billType?: string; billNumber?: string } }).request;
    const id =
      request?.congress && request.billType && request.billNumber
        ? billId(Number(request.congress), billTypeOf(request.billType), Number(request.billNumber))
        : 'unknown';
    return page.actions.map((a) => actionFromProvider(id, a, now()));
  },
  members: (text) => parsePayload(CG, 'member list', MemberListPage, parseJsonBody(CG, 'member list', text)).members.map((m) => memberFromListItem(m, now())),
  legislators: (text) => parseLegislators(text),
  'bill-status': (text) => parseBillStatus(text),
  district: (text) => {
    const district = districtFromGeographies(parseJsonBody('district-boundaries', 'district query', text), congressForDate(new Date()));
    if (!district) throw new Error('district-boundaries: no congressional district in the response');
    return district;
  },
  ...SCHEDULE_PARSERS,
};

const usage = [
  `usage: npm run cli -- parse <${Object.keys(PARSERS).join('|')}> <file>`,
  '       npm run cli -- status <bill_id> <prior status or -> "<action text>" [--title "<bill title>"]',
  '         prior status: a code such as REFERRED or PASS_OVER:HOUSE (docs/product-rules.md, "Bill status"), or - for INTRODUCED',
  FORECAST_USAGE,
].join('\n');

/** `status <bill_id> <prior|-> <text> [--title <title>]`: the status after the action and its vote; throws a UsageError on bad arguments. */
function statusCommand(args: string[]): unknown {
  const titleAt = args.indexOf('--title');
  const title = titleAt >= 0 ? args[titleAt + 1] : '';
  const rest = titleAt >= 0 ? [...args.slice(0, titleAt), ...args.slice(titleAt + 2)] : args;
  const [id, prior, text] = rest;
  if (!id || !prior || text === undefined || rest.length !== 3 || title === undefined)
    throw new UsageError('status wants <bill_id> <prior status or -> "<action text>"');
  const billIdOk = BillId().safeParse(id);
  if (!billIdOk.success) throw new UsageError(`not a bill id: ${id} (like 111-hr-3590)`);
  // The earlier spelling of the one-chamber override (OVERRIDE_PASS_OVER:…) is read as the real code.
  const before = prior === '-' ? INITIAL_STATUS : BillStatus().safeParse(currentStatusCode(prior.toUpperCase())).data;
  if (!before) throw new UsageError(`not a bill status: ${prior}`);
  const { type, number } = parseBillId(billIdOk.data);
  return statusAfterAction({ type, number, title }, before, text);
}

class UsageError extends Error {}

/** Runs the CLI with its arguments; returns the exit code. */
export function main(
  args: string[],
  out: (s: string) => void = (s) => process.stdout.write(s),
  err: (s: string) => void = (s) => process.stderr.write(s),
): number {
  const [command, kind, file] = args;
  if (command === '--help' || command === '-h' || command === 'help') {
    // Asking for help is not a mistake: usage on stdout, status 0.
    out(`${usage}\n`);
    return 0;
  }
  if (command === 'forecast') return forecastCommand(args.slice(1), out, err);
  if (command === 'status') {
    try {
      out(`${JSON.stringify(statusCommand(args.slice(1)), null, 2)}\n`);
      return 0;
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      err(`${e.message}\n${usage}\n`);
      return 2;
    }
  }
  const parse = kind ? PARSERS[kind] : undefined;
  if (command !== 'parse' || !parse || !file) {
    err(`${usage}\n`);
    return 2;
  }
  try {
    out(`${JSON.stringify(parse(readFileSync(file, 'utf8')), null, 2)}\n`);
    return 0;
  } catch (e) {
    err(`${(e as Error).message}\n`);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
