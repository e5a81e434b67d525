/**
 * A local server standing in for Congress.gov's bill endpoints, for the bill
 * backfill tests: synthetic Congresses of a chosen size listed the way the
 * API lists them (`/v3/bill/{congress}` and `/v3/bill?fromDateTime&toDateTime`,
 * newest update first, `offset` and `limit` up to 250, `pagination.count` and
 * `pagination.next`), and for the follow-up fetches a bill detail with its
 * sponsor and empty actions, cosponsors and text versions. A Congress may
 * answer pages smaller than asked (as any page of the real API may be), so
 * tests of paging logic need not save 250 bills a page on DynamoDB Local.
 * Failures can be queued per path; every request is recorded. Related bills
 * can be given per bill id: its detail then counts them and
 * `/relatedbills` lists them (every other bill has none).
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInBill {
  congress: number;
  type: 'HR' | 'S';
  number: string;
  title: string;
  originChamber: 'House' | 'Senate';
  updateDate: string;
  latestAction: { actionDate: string; text: string };
  url: string;
}

/** The newest update in a Congress's listing: its second year's last day. */
const newestUpdate = (congress: number) => Date.parse(`${1787 + 2 * congress + 1}-12-31T12:00:00Z`);

/** Bill `i` (1-based) of a synthetic Congress: odd ones House bills, even ones Senate bills, each an hour older than the one before. */
export function standInBill(congress: number, i: number, base: string): StandInBill {
  const updated = new Date(newestUpdate(congress) - i * 3_600_000);
  const house = i % 2 === 1;
  return {
    congress,
    type: house ? 'HR' : 'S',
    number: String(i),
    title: `Backfill Test Act of ${congress} number ${i}`,
    originChamber: house ? 'House' : 'Senate',
    updateDate: updated.toISOString().replace('.000Z', 'Z'),
    latestAction: { actionDate: updated.toISOString().slice(0, 10), text: 'Referred to the Committee on the Judiciary.' },
    url: `${base}/v3/bill/${congress}/${house ? 'hr' : 's'}/${i}?format=json`,
  };
}

/** The id the service gives a stand-in bill. */
export const standInBillId = (congress: number, i: number) => `${congress}-${i % 2 === 1 ? 'hr' : 's'}-${i}`;

export interface StandIn {
  base: string;
  /** Every request's path and query. */
  seen: URL[];
  /** The next `times` requests whose path matches answer `status`. */
  fail(path: RegExp, status: number, times?: number): void;
  close(): Promise<void>;
}

const send = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** A Congress of `bills` bills, answering pages of at most `pageSize` (250, the API's largest, unless given). */
export type CongressSize = number | { bills: number; pageSize: number };

const billsIn = (size: CongressSize) => (typeof size === 'number' ? size : size.bills);

/** A related bill as Congress.gov's /relatedbills lists it. */
export interface StandInRelated {
  congress: number;
  type: 'HR' | 'S';
  number: number;
  title: string;
  relationshipDetails: { type: string; identifiedBy: string }[];
}

/** Starts the stand-in with `sizes[congress]` bills in each Congress, and `related[bill id]` related bills. */
export async function congressStandIn(sizes: Record<number, CongressSize>, related: Record<string, StandInRelated[]> = {}): Promise<StandIn> {
  const seen: URL[] = [];
  const failures: { path: RegExp; status: number; left: number }[] = [];
  let base = '';
  const all = () => Object.entries(sizes).flatMap(([c, size]) => Array.from({ length: billsIn(size) }, (_, k) => standInBill(Number(c), k + 1, base)));

  const page = (res: ServerResponse, url: URL, bills: StandInBill[], pageSize = 250) => {
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Math.min(pageSize, Number(url.searchParams.get('limit') ?? 20));
    const sorted = [...bills].sort((a, b) => (url.searchParams.get('sort') === 'updateDate asc' ? 1 : -1) * a.updateDate.localeCompare(b.updateDate));
    const next = new URL(url.toString());
    next.searchParams.set('offset', String(offset + limit));
    next.searchParams.delete('api_key');
    send(res, 200, {
      bills: sorted.slice(offset, offset + limit),
      pagination: { count: bills.length, ...(offset + limit < bills.length ? { next: `${base}${next.pathname}${next.search}` } : {}) },
      request: { contentType: 'application/json', format: 'json' },
    });
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    seen.push(url);
    const failure = failures.find((f) => f.left > 0 && f.path.test(url.pathname));
    if (failure) {
      failure.left--;
      send(res, failure.status, { error: 'stand-in failure' });
      return;
    }
    const path = url.pathname;
    let m: RegExpExecArray | null;
    if (path === '/v3/bill') {
      const from = url.searchParams.get('fromDateTime') ?? '';
      const to = url.searchParams.get('toDateTime') ?? '9999';
      page(
        res,
        url,
        all().filter((b) => b.updateDate >= from && b.updateDate <= to),
      );
    } else if ((m = /^\/v3\/bill\/(\d+)$/.exec(path))) {
      const congress = Number(m[1]);
      const size = sizes[congress];
      page(res, url, size ? all().filter((b) => b.congress === congress) : [], typeof size === 'object' ? size.pageSize : undefined);
    } else if ((m = /^\/v3\/bill\/(\d+)\/(hr|s)\/(\d+)\/relatedbills$/.exec(path))) {
      const listed = related[`${m[1]}-${m[2]}-${m[3]}`] ?? [];
      send(res, 200, { relatedBills: listed, pagination: { count: listed.length } });
    } else if ((m = /^\/v3\/bill\/(\d+)\/(hr|s)\/(\d+)$/.exec(path))) {
      const bill = standInBill(Number(m[1]), Number(m[3]), base);
      const listed = related[`${m[1]}-${m[2]}-${m[3]}`];
      send(res, 200, {
        bill: {
          ...bill,
          ...(listed ? { relatedBills: { count: listed.length, url: `${base}${path}/relatedbills?format=json` } } : {}),
          introducedDate: `${1787 + 2 * Number(m[1])}-02-01`,
          sponsors: [{ bioguideId: 'S000001', firstName: 'Pat', lastName: 'Sample', party: 'I', state: 'VT' }],
          legislationUrl: `https://www.congress.gov/bill/${m[1]}th-congress/${m[2] === 'hr' ? 'house' : 'senate'}-bill/${m[3]}`,
        },
      });
    } else if (/^\/v3\/bill\/\d+\/(hr|s)\/\d+\/actions$/.test(path)) send(res, 200, { actions: [], pagination: { count: 0 } });
    else if (/^\/v3\/bill\/\d+\/(hr|s)\/\d+\/cosponsors$/.test(path)) send(res, 200, { cosponsors: [], pagination: { count: 0 } });
    else if (/^\/v3\/bill\/\d+\/(hr|s)\/\d+\/text$/.test(path)) send(res, 200, { textVersions: [], pagination: { count: 0 } });
    else send(res, 404, { error: 'Unknown resource' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    seen,
    fail: (path, status, times = 1) => failures.push({ path, status, left: times }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
