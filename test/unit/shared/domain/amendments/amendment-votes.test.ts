import { describe, expect, it } from 'vitest';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { parseHouseVote } from '#shared/adapters/providers/roll-calls/house-vote.parser.ts';
import { authorName, clerkNamesAmendment, houseSequence } from '#shared/domain/amendments/amendment-votes.ts';
import { fixture, hasFixtures } from '../../../../support/ingest-fixtures.ts';

const CHAINS: [string, string[]][] = [
  ['legacy-BILLSTATUS-115hr4182.xml', ['roll-2017-646', 'roll-2017-647', 'roll-2017-648']],
  ['legacy-BILLSTATUS-115hr4606.xml', ['roll-2018-389', 'roll-2018-390', 'roll-2018-391', 'roll-2018-392']],
];

describe.skipIf(!hasFixtures)('linking the clerk roll calls to amendments', () => {
  it('reads <amendment-num> and <amendment-author>, and none on passage or a motion to recommit', () => {
    expect(parseHouseVote(fixture('amendments/roll-2017-647.xml')).amendment).toEqual({ number: 3, author: 'Connolly of Virginia Amendment No. 4' });
    expect(parseHouseVote(fixture('amendments/roll-2018-389.xml')).amendment).toEqual({ number: 1, author: 'Pallone of New Jersey Part B Amendment No. 1' });
    expect(parseHouseVote(fixture('amendments/roll-2017-648.xml')).amendment).toBeNull();
    expect(parseHouseVote(fixture('amendments/roll-2018-391.xml')).amendment).toBeNull();
  });

  it('links each amendment vote of both chains to exactly its amendment, and nothing else', () => {
    const linked: Record<string, string[]> = {};
    for (const [status, rolls] of CHAINS) {
      const amendments = parseBillStatus(fixture(`amendments/${status}`)).amendments;
      for (const roll of rolls) {
        const v = parseHouseVote(fixture(`amendments/${roll}.xml`));
        linked[roll] = v.amendment
          ? amendments.filter((a) => clerkNamesAmendment({ congress: v.congress, bill: v.bill, amendment: v.amendment! }, a)).map((a) => a.id)
          : [];
      }
    }
    expect(linked).toEqual({
      'roll-2017-646': ['115-hamdt-489'],
      'roll-2017-647': ['115-hamdt-491'],
      'roll-2017-648': [],
      'roll-2018-389': ['115-hamdt-962'],
      'roll-2018-390': ['115-hamdt-963'],
      'roll-2018-391': [],
      'roll-2018-392': [],
    });
  });

  it('does not link on the sequence alone: the author must be the sponsor, the bill the amended bill', () => {
    const [connolly] = parseBillStatus(fixture('amendments/legacy-BILLSTATUS-115hr4182.xml')).amendments;
    const roll = { congress: 115, bill: { type: 'hr', number: 4182 }, amendment: { number: 3, author: 'Connolly of Virginia Amendment No. 4' } };
    expect(clerkNamesAmendment(roll, connolly!)).toBe(true);
    expect(clerkNamesAmendment({ ...roll, amendment: { number: 3, author: 'Hastings of Florida Amendment No. 1' } }, connolly!)).toBe(false);
    expect(clerkNamesAmendment({ ...roll, bill: { type: 'hr', number: 4606 } }, connolly!)).toBe(false);
    expect(clerkNamesAmendment({ ...roll, amendment: { number: 2, author: 'Connolly of Virginia' } }, connolly!)).toBe(false);
  });

  it('reads the author line and the floor sequence', () => {
    expect(authorName('Jackson Lee of Texas Part A Amendment No. 3')).toBe('Jackson Lee');
    expect(houseSequence(['Considered.', 'Amendment (A012) offered by Ms. DeGette.'])).toBe(12);
    expect(houseSequence(['No sequence here.'])).toBeNull();
  });
});
