// GPO's bill XML read into plain text and an outline, against the real recordings. Every expected value is read
// off the payload (its <section>/<num>/<enum>/<header> elements and their text), not off the parser's output.
import { describe, expect, it } from 'vitest';
import { parseBillXml } from '#shared/adapters/providers/bill-text/bill-xml.parser.ts';
import { parseBillText } from '#shared/adapters/providers/bill-text/bill-text.parser.ts';
import { labelOf, pieceAt, type TextOutline } from '#shared/domain/bills/text-outline.ts';
import { fixture, hasFixtures } from '#test/support/ingest-fixtures.ts';

const parse = (name: string) => {
  const parsed = parseBillXml(fixture(name));
  if (!parsed) throw new Error(`${name} did not parse`);
  return parsed;
};
/** A recording parsed on first use: a suite skipped for want of the recordings reads nothing. */
const parsed = (name: string) => {
  let doc: ReturnType<typeof parse> | undefined;
  return () => (doc ??= parse(name));
};
/** The label and the piece's kind of a passage of the text, found by its words. */
const labelOfWords = (doc: { text: string; outline: TextOutline }, words: string) => {
  const start = doc.text.indexOf(words);
  if (start < 0) throw new Error(`"${words}" is not in the text`);
  const at = labelOf(doc.outline, { start, end: start + words.length });
  return at && { ref: at.ref, kind: at.piece.kind };
};

describe.skipIf(!hasFixtures)('the classic bill DTD (H.R. 2471, 117th, introduced)', () => {
  const hr2471 = parsed('bill-text-xml/BILLS-117hr2471ih.xml');

  it('is read as the bill DTD: its nine <section>s are pieces labelled by their <enum>, headed by their <header>', () => {
    expect(hr2471().format).toBe('bill-dtd');
    const sections = hr2471().outline.pieces.filter((p) => p.kind === 'section');
    expect(sections.map((p) => p.ref)).toEqual(['Sec. 1', 'Sec. 2', 'Sec. 3', 'Sec. 4', 'Sec. 5', 'Sec. 6', 'Sec. 7', 'Sec. 8', 'Sec. 9']);
    expect(sections.map((p) => p.heading)).toEqual([
      'Short title',
      'Findings',
      'Statement of policy',
      'Strengthening human rights and anticorruption efforts in Haiti and holding perpetrators of the La Saline massacre accountable',
      'Actions to promote freedom of the press and assembly in Haiti',
      'Actions to support post-earthquake, post-hurricane and post-COVID–19 recovery and development in Haiti',
      'Report',
      'Sunset',
      'Definitions',
    ]);
  });

  it("prints headings as GPO's stylesheet does and quotes <quote> in curly quotes", () => {
    expect(hr2471().text).toContain(
      'SECTION 1. SHORT TITLE.\n\nThis Act may be cited as the “Haiti Development, Accountability, and Institutional Transparency Initiative Act”.',
    );
    expect(hr2471().text).toContain('SEC. 9. DEFINITIONS.\n\nIn this Act the term “appropriate congressional committees” means—');
    expect(hr2471().text).toContain('(a) Secretary of state prioritization.—');
  });

  it('labels a finding by its section and its own <enum>, and a subsection by its <enum> and <header>', () => {
    expect(labelOfWords(hr2471(), 'Since 2018, tens of thousands of Haitians have participated in popular demonstrations')).toEqual({
      ref: 'Sec. 2(6)',
      kind: 'section',
    });
    const briefing = hr2471().outline.units.find((u) => u.ref === 'Sec. 4(b)');
    expect(briefing?.heading).toBe('Briefing');
    expect(
      hr2471()
        .outline.units.filter((u) => u.ref.startsWith('Sec. 7('))
        .map((u) => [u.ref, u.heading]),
    ).toEqual(
      expect.arrayContaining([
        ['Sec. 7(a)', 'Report content'],
        ['Sec. 7(b)', 'Consultation'],
        ['Sec. 7(c)', 'Public availability'],
      ]),
    );
  });

  it('keeps the cover (the <form> before the long title) as front matter, without its distribution code', () => {
    expect(labelOfWords(hr2471(), 'IN THE HOUSE OF REPRESENTATIVES')).toEqual({ ref: 'Front matter', kind: 'front' });
    expect(labelOfWords(hr2471(), 'To measure the progress of post-disaster recovery')).toEqual({ ref: 'Long title', kind: 'long_title' });
    expect(hr2471().text.startsWith('117th CONGRESS')).toBe(true);
  });
});

describe.skipIf(!hasFixtures)('USLM (H.J.Res. 37, 116th)', () => {
  const hjres37 = parsed('bill-text-uslm/BILLS-116hjres37rfs_uslm.xml');

  it('drops the running heads (<slugLine> HJ 37 RFS, <distributionCode> IIB) and the metadata', () => {
    expect(hjres37().format).toBe('uslm');
    expect(hjres37().text).not.toMatch(/HJ 37 RFS|IIB|GPO XPub/);
    expect(hjres37().text.startsWith('116th CONGRESS\n\n1st Session\n\nH. J. RES. 37')).toBe(true);
  });

  it('labels finding (10) "Sec. 1(10)": a finding that begins "Section 1013 of the … Act" is no section', () => {
    expect(labelOfWords(hjres37(), 'No specific statutory authorization for the use of United States Armed Forces')).toEqual({
      ref: 'Sec. 1(10)',
      kind: 'section',
    });
    expect(labelOfWords(hjres37(), 'Section 1013 of the Department of State Authorization Act')).toEqual({ ref: 'Sec. 1(9)', kind: 'section' });
    expect(labelOfWords(hjres37(), 'anti-Semitism is a challenge to the basic principles of tolerance')).toEqual({ ref: 'Sec. 1(11)(A)', kind: 'section' });
    expect(
      hjres37()
        .outline.pieces.filter((p) => p.kind === 'section')
        .map((p) => p.ref),
    ).toEqual(['Sec. 1', 'Sec. 2', 'Sec. 3', 'Sec. 4', 'Sec. 5', 'Sec. 6']);
  });

  it('keeps a sentence on one line with its number, and the action date apart from its description', () => {
    expect(hjres37().text).toContain('\n(10) No specific statutory authorization');
    expect(hjres37().text).toContain('February 14, 2019 Received; read twice and referred to the Committee on Foreign Relations');
  });

  it('makes the attestation back matter, and the endorsement of the reported version too', () => {
    expect(labelOfWords(hjres37(), 'Passed the House of Representatives')).toEqual({ ref: 'Attestation', kind: 'back' });
    const rh = parse('bill-text-uslm/BILLS-116hjres37rh_uslm.xml');
    const endorsement = rh.outline.pieces.at(-1);
    expect(endorsement).toMatchObject({ ref: 'Endorsement', kind: 'back' });
    expect(pieceAt(rh.outline, rh.text.lastIndexOf('Committed to the Committee of the Whole House'))?.kind).toBe('back');
  });
});

describe.skipIf(!hasFixtures)('USLM resolutions and appropriations', () => {
  it('labels the whereas clauses of a resolution (S.Res. 100) and its unnumbered resolving section', () => {
    const doc = parse('bill-text-uslm/BILLS-116sres100is_uslm.xml');
    expect(labelOfWords(doc, 'Whereas an estimated 3,081,000 American Indian')).toEqual({ ref: 'Whereas clause 2', kind: 'preamble' });
    expect(labelOfWords(doc, 'Inupiat Eskimo sharpshooter Laura Beltz Wright')).toEqual({ ref: 'Whereas clause 9(1)', kind: 'preamble' });
  });

  it('labels an appropriation by its title and heading (H.R. 2157, enrolled), and sections by their numbers', () => {
    const doc = parse('bill-text-uslm/BILLS-116hr2157enr_uslm.xml');
    expect(labelOfWords(doc, 'For an additional amount for the “Office of the Secretary”, $3,005,442,000')).toEqual({
      ref: 'Title I, Office of the Secretary',
      kind: 'heading',
    });
    expect(doc.outline.pieces.map((p) => p.ref)).toEqual(expect.arrayContaining(['Title I', 'Sec. 101', 'Title XII', 'Sec. 1207']));
  });

  it('reads sections inside quoted law as text of the section that quotes them (H.R. 255, enrolled)', () => {
    const doc = parse('bill-text-uslm/BILLS-115hr255enr_uslm.xml');
    // Its three <section>s of the bill itself; the <quotedContent> adds none.
    expect(doc.outline.pieces.filter((p) => p.kind === 'section').map((p) => p.ref)).toEqual(['Sec. 1', 'Sec. 2', 'Sec. 3']);
  });

  it('falls back to the markup-free rendering for HTML, with no outline', () => {
    expect(parseBillText('<html><body><pre>SEC. 2. GRANTS.\nThe Secretary shall award grants.</pre></body></html>', 'htm')).toEqual({
      text: 'SEC. 2. GRANTS.\nThe Secretary shall award grants.',
      outline: null,
    });
  });
});
