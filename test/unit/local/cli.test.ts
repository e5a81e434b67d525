import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOUSE_ROLL_2023_037, SENATE_VOTE_119_1_007 } from '../../../local/fixtures/seed-documents.ts';
import { runCli as run, tempFiles } from '../../support/cli-run.ts';
import { FIXTURES, hasFixtures } from '../../support/ingest-fixtures.ts';

const file = tempFiles('cli-');

describe('npm run cli -- parse', () => {
  it('prints a vote with counts and positions', () => {
    const r = run('parse', 'house-vote', file('h.xml', HOUSE_ROLL_2023_037));
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({
      chamber: 'house',
      congress: 118,
      session: 1,
      roll_number: 37,
      date: '2023-01-26',
      question: 'On Agreeing to the Amendment',
      result: 'Failed',
      yea: 205,
      nay: 220,
      present: 0,
      not_voting: 15,
    });
    expect(r.json().positions).toEqual([
      expect.objectContaining({ member_id: 'A000370', name: 'Adams', party: 'D', state: 'NC', position: 'Yea' }),
      expect.objectContaining({ member_id: 'A000055', name: 'Aderholt', party: 'R', state: 'AL', position: 'Nay' }),
    ]);
    expect(run('parse', 'senate-vote', file('s.xml', SENATE_VOTE_119_1_007)).json()).toMatchObject({ chamber: 'senate', roll_number: 7, yea: 64 });
  });

  it.skipIf(!hasFixtures)('parses each kind of real recording', () => {
    const cases: [string, string][] = [
      ['bill', 'congress-gov/bill-hr-1-119.json'],
      ['actions', 'congress-gov/bill-hr-1-119-actions-limit3.json'],
      ['members', 'congress-gov/member-list-limit2.json'],
      ['bill-status', 'govinfo-billstatus/BILLSTATUS-117sconres7.xml'],
      ['house-vote', 'house-votes/roll-1990-010.xml'],
    ];
    for (const [kind, name] of cases) expect(run('parse', kind, path.join(FIXTURES, name)).code, kind).toBe(0);
    expect(
      (run('parse', 'actions', path.join(FIXTURES, 'congress-gov/bill-hr-1-119-actions-limit3.json')).json() as unknown as { bill_id: string }[])[0]?.bill_id,
    ).toBe('119-hr-1');
  });

  it('prints a district and refuses a response without one', () => {
    const geo = { result: { geographies: { '119th Congressional Districts': [{ GEOID: '0617' }] } } };
    expect(run('parse', 'district', file('d.json', JSON.stringify(geo))).json()).toEqual({ state: 'CA', district: 17 });
    const none = run('parse', 'district', file('n.json', '{"result":{"geographies":{}}}'));
    expect(none.code).toBe(1);
    expect(none.err).toContain('no congressional district');
  });

  it('exits 1 naming the field of a malformed payload and 2 for a bad command', () => {
    const bad = run('parse', 'bill', file('b.json', '{"bill": {"congress": 119}}'));
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/congress-gov: malformed bill detail: field bill\.number/);
    expect(run('parse', 'nonsense', 'x').code).toBe(2);
    expect(run('frobnicate').err).toContain('usage:');
  });

  it('prints its usage on stdout and exits 0 for --help, -h and help', () => {
    for (const flag of ['--help', '-h', 'help']) {
      const r = run(flag);
      expect([r.code, r.err]).toEqual([0, '']);
      expect(r.out).toMatch(/^usage: npm run cli -- parse </);
      expect(r.out).toContain('npm run cli -- status <bill_id> <prior status or -> "<action text>"');
    }
  });

  it.skipIf(!hasFixtures)("includes the bill's status and status timeline when parsing a Bill Status file", () => {
    const bill = run('parse', 'bill-status', path.join(FIXTURES, 'govinfo-billstatus/BILLSTATUS-117hr2471.xml')).json().bill as {
      status: string;
      status_timeline: { status: string; date: string; action_text: string }[];
    };
    expect(bill.status).toBe('ENACTED:SIGNED');
    expect(bill.status_timeline.map((e) => [e.date, e.status])).toEqual([
      ['2021-04-13', 'INTRODUCED'],
      ['2021-04-13', 'REFERRED'],
      ['2021-04-21', 'REPORTED'],
      ['2021-06-29', 'PASS_OVER:HOUSE'],
      ['2022-01-13', 'PASS_BACK:SENATE'],
      ['2022-03-09', 'PASS_BACK:HOUSE'],
      ['2022-03-10', 'PASSED:BILL'],
      ['2022-03-15', 'ENACTED:SIGNED'],
    ]);
    const hres = run('parse', 'bill-status', path.join(FIXTURES, 'govinfo-billstatus/legacy-BILLSTATUS-114hres348.xml')).json().bill as { status: string };
    expect(hres.status).toBe('PASSED:SIMPLERES');
  });
});

describe('npm run cli -- status', () => {
  const SUSPENSION = 'On motion to suspend the rules and pass the bill Agreed to by the Yeas and Nays: (2/3 required): 416 - 0 (Roll no. 768).';

  it('prints the status an action moves a bill to and the vote it records', () => {
    const r = run('status', '111-hr-3590', 'INTRODUCED', SUSPENSION);
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.json()).toEqual({ status: 'PASS_OVER:HOUSE', vote: { chamber: 'house', result: 'pass', how: 'roll', roll: 768 } });
    expect(run('status', '111-hr-3590', '-', SUSPENSION).json()).toEqual(r.json());
  });

  it('prints a null status when the action leaves it unchanged, and a null vote for an action that is not one', () => {
    expect(run('status', '111-hr-3590', 'PASS_OVER:HOUSE', SUSPENSION).json()).toEqual({
      status: null,
      vote: { chamber: 'house', result: 'pass', how: 'roll', roll: 768 },
    });
    expect(run('status', '119-s-5', 'PASSED:BILL', 'Signed by President.').json()).toEqual({ status: 'ENACTED:SIGNED', vote: null });
    expect(run('status', '119-s-5', 'REFERRED', 'Held at the desk.').json()).toEqual({ status: null, vote: null });
  });

  it("agrees with unitedstates/congress's veto-override and calendar cases, in its status codes", () => {
    // test_veto_override_success_once / _twice (hr6331-110).
    const houseOverride =
      'Two-thirds of the Members present having voted in the affirmative the bill is passed, Passed by the Yeas and Nays: (2/3 required): 383 - 41 (Roll no. 491).';
    expect(run('status', '110-hr-6331', 'PROV_KILL:VETO', houseOverride).json().status).toBe('VETOED:OVERRIDE_PASS_OVER:HOUSE');
    const senateOverride = 'Passed Senate over veto by Yea-Nay Vote. 70 - 26. Record Vote Number: 177.';
    const twice = run('status', '110-hr-6331', 'VETOED:OVERRIDE_PASS_OVER:HOUSE', senateOverride);
    expect([twice.code, twice.json().status]).toEqual([0, 'ENACTED:VETO_OVERRIDE']);
    expect(run('status', '110-s-1', 'PROV_KILL:VETO', senateOverride).json().status).toBe('VETOED:OVERRIDE_PASS_OVER:SENATE');
    expect(run('status', '110-hr-6331', 'OVERRIDE_PASS_OVER:HOUSE', senateOverride).json().status).toBe('ENACTED:VETO_OVERRIDE');
    // The calendar: a placement before a report reads REPORTED; after one it changes nothing (test_added_to_calendar).
    expect(run('status', '118-hr-1', 'REFERRED', 'Placed on the House Calendar, Calendar No. 3.').json().status).toBe('REPORTED');
    expect(run('status', '112-s-968', 'REPORTED', 'Placed on Senate Legislative Calendar under General Orders. Calendar No. 70.').json().status).toBeNull();
  });

  it('tells a constitutional amendment by the --title it is given', () => {
    const line = 'On passage Passed by the Yeas and Nays: (2/3 required): 286 - 130 (Roll no. 296).';
    const title = 'Proposing an amendment to the Constitution of the United States authorizing the Congress to prohibit the physical desecration of the flag.';
    expect(run('status', '109-sjres-12', 'PASS_OVER:SENATE', line, '--title', title).json().status).toBe('PASSED:CONSTAMEND');
    expect(run('status', '109-sjres-12', 'PASS_OVER:SENATE', line).json().status).toBe('PASSED:BILL');
  });

  it('exits 2 with the usage for a bad bill id, an unknown status or missing text', () => {
    for (const args of [
      ['status', 'hr-3590', 'INTRODUCED', SUSPENSION],
      ['status', '111-hr-3590', 'PASSED', SUSPENSION],
      ['status', '111-hr-3590', 'INTRODUCED'],
      ['status', '111-hr-3590', 'INTRODUCED', SUSPENSION, '--title'],
    ]) {
      const r = run(...args);
      expect([r.code, r.out], args.join(' ')).toEqual([2, '']);
      expect(r.err).toContain('usage:');
    }
  });
});
