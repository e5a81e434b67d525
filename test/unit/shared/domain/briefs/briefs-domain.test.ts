// Pure rules of the briefs domain: sections, diff, citation check, chunking, topics, extractive briefer, costs.
import { describe, expect, it } from 'vitest';
import { briefInput } from '#shared/domain/briefs/brief-input.ts';
import { chunkSections } from '#shared/domain/briefs/chunking.ts';
import { checkCitations, hasVerifiedCitation } from '#shared/domain/briefs/citation-check.ts';
import { classifyByRule } from '#shared/use-cases/briefs/classify.ts';
import { diffTextVersions } from '#shared/domain/briefs/section-diff.ts';
import { outlineOfPlainText, parseSections } from '#shared/domain/briefs/section-parser.ts';
import { normalizeTopicTags, TOPIC_TAGS } from '#shared/domain/briefs/topics.ts';
import { costUsd } from '#shared/domain/llm/cost-table.ts';
import { writeExtractiveBrief } from '#shared/domain/briefs/extractive-briefer.ts';
import { BILL_V1, BILL_V2 } from '../../../../support/llm-fixtures.ts';

const bill = { id: '119-hr-100', label: 'H.R. 100', title: 'Rural Clinics Improvement Act' };

describe('section parser', () => {
  it('splits a text at its SECTION and SEC. headings, keeping the preamble', () => {
    expect(parseSections(BILL_V1).map((s) => s.ref)).toEqual(['Preamble', 'Sec. 1', 'Sec. 2', 'Sec. 3']);
  });

  it('cuts a text without headings into numbered parts', () => {
    const parts = parseSections(Array.from({ length: 6 }, (_, i) => `Paragraph ${i} ${'word '.repeat(80)}`).join('\n\n'));
    expect(parts.length).toBeGreaterThan(1);
    expect(parts[0]?.ref).toBe('Part 1');
  });
});

describe('section-level diff', () => {
  it('finds added and modified sections with changed amounts, dates and deadlines', () => {
    const diff = diffTextVersions(BILL_V1, BILL_V2);
    expect(diff.sections_added.map((s) => s.section)).toEqual(['Sec. 4']);
    expect(diff.sections_removed).toEqual([]);
    const sec2 = diff.sections_modified.find((m) => m.section === 'Sec. 2');
    expect(sec2?.changes.amounts).toEqual({ removed: ['$50,000,000'], added: ['$75,000,000'] });
    expect(sec2?.changes.dates).toEqual({ removed: ['fiscal years 2025 through 2029'], added: ['fiscal years 2025 through 2030'] });
    const sec3 = diff.sections_modified.find((m) => m.section === 'Sec. 3');
    expect(sec3?.changes.deadlines.added[0]).toMatch(/^Not later than 90 days/);
    expect(sec3?.changes.deadlines.removed[0]).toMatch(/^Not later than 180 days/);
    expect(diff.unchanged_count).toBe(2);
  });

  it('reports a removed section', () => {
    expect(diffTextVersions(BILL_V2, BILL_V1).sections_removed.map((s) => s.section)).toEqual(['Sec. 4']);
  });
});

describe('citation check', () => {
  const doc = { text: BILL_V1, outline: outlineOfPlainText(BILL_V1) };
  const cited = (quote: string, section = 'Sec. 2', id = 'p1') => ({ id, text: 't', label: 'cited_fact' as const, citation: { section, quote } });

  it("locates a quote regardless of case and whitespace, and cites it in the text's own words with its offsets", () => {
    const [point] = checkCitations([cited('THE SECRETARY of Health   and\nHuman Services shall award grants')], doc).points;
    const at = BILL_V1.indexOf('The Secretary of Health and Human Services shall award grants');
    expect(point?.citation).toEqual({ section: 'Sec. 2', quote: 'The Secretary of Health and Human Services shall award grants', start: at, end: at + 61 });
  });

  it('withholds a point whose quote is not in the text, and counts the brief uncited', () => {
    const result = checkCitations(
      [cited('shall award grants to eligible rural health clinics'), cited('The Secretary shall abolish all clinics by 2026', 'Sec. 2', 'p2')],
      doc,
    );
    expect(result.points.map((p) => p.id)).toEqual(['p1']);
    expect(result.withheld).toBe(1);
    expect(result.uncited).toBe(true);
  });

  it('labels a located quote by the section that holds it, not the one the model named', () => {
    const result = checkCitations([cited('submit to Congress a report on the grants', 'Sec. 2')], doc);
    expect(result.points[0]?.citation?.section).toBe('Sec. 3');
    expect(result.uncited).toBe(false);
  });

  it('withholds a fact with no quote, keeps an inference without one, and counts a brief without a cited fact as uncited', () => {
    const result = checkCitations(
      [
        { id: 'p1', text: 't', label: 'inference', citation: null },
        { id: 'p2', text: 't', label: 'cited_fact', citation: null },
      ],
      doc,
    );
    expect(result.points.map((p) => p.id)).toEqual(['p1']);
    expect(result).toMatchObject({ withheld: 1, uncited: true });
    // A brief with no point (a version whose sections did not change) claims nothing, so is not uncited.
    expect(checkCitations([], doc)).toEqual({ points: [], withheld: 0, uncited: false });
  });

  it('keeps a verified citation on a brief flagged uncited by another point, and none when every quote missed', () => {
    const mixed = checkCitations(
      [cited('shall award grants to eligible rural health clinics'), cited('The Secretary shall abolish all clinics', 'Sec. 2', 'p2')],
      doc,
    );
    expect(mixed.uncited).toBe(true);
    expect(hasVerifiedCitation(mixed.points)).toBe(true);
    const missed = checkCitations([cited('The Secretary shall abolish all clinics'), { id: 'p2', text: 't', label: 'inference', citation: null }], doc);
    expect(hasVerifiedCitation(missed.points)).toBe(false);
    expect(hasVerifiedCitation([])).toBe(false);
  });
});

describe('chunking', () => {
  it('groups whole sections into parts under the token budget', () => {
    const parts = chunkSections(parseSections(BILL_V2), 80);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.reduce((n, s) => n + s.text.length, 0)).toBeLessThanOrEqual(80 * 4 + 400);
    expect(parts.flat().map((s) => s.ref)).toContain('Sec. 4');
  });
});

describe('topics', () => {
  it('has about forty kebab-case tags', () => {
    expect(TOPIC_TAGS.length).toBeGreaterThanOrEqual(38);
    for (const t of TOPIC_TAGS) expect(t).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('keeps vocabulary tags only, normalised, at most five', () => {
    expect(normalizeTopicTags(['Health', 'made-up', 'taxation', 'health', 'Energy', 'education', 'veterans', 'law'])).toEqual([
      'health',
      'taxation',
      'energy',
      'education',
      'veterans',
    ]);
  });
});

describe('extractive briefer', () => {
  const check = (input: ReturnType<typeof briefInput>, draft: ReturnType<typeof writeExtractiveBrief>) =>
    checkCitations(
      draft.brief.points.map((p, i) => ({ ...p, id: `p${i + 1}` })),
      input,
    );

  it('writes a full brief whose points name a provision and quote it once, every quote located, labelled extractive', () => {
    const input = briefInput({ ...bill, policy_area: 'Health', subjects: ["Veterans' medical care"] }, { code: 'ih', text: BILL_V1 }, null);
    const draft = writeExtractiveBrief(input);
    expect(draft).toMatchObject({ method: 'extractive', provider: 'extractive' });
    expect(draft.brief.points.map((p) => [p.text, p.citation?.section])).toEqual([
      // Headings printed in capitals read in title case.
      ['Short Title', 'Sec. 1'],
      ['Grants for Rural Health Clinics', 'Sec. 2'],
      ['Report', 'Sec. 3'],
    ]);
    for (const p of draft.brief.points) expect(p.text).not.toBe(p.citation?.quote);
    expect(check(input, draft)).toMatchObject({ withheld: 0, uncited: false });
    // Tagged from the policy area and the CRS subjects, not from keywords of the text.
    expect(draft.brief.topic_tags).toEqual(['health', 'veterans']);
  });

  it("quotes a prefix of an overlong sentence verbatim, and never the cover before the bill's title", () => {
    const long = `SEC. 2. REMOVAL.\nPursuant to section 1013, ${'Congress hereby directs the President to act, '.repeat(15)}by not later than 30 days after enactment.`;
    const text = `HJ 37 RFS\n116th CONGRESS 1st Session, a cover line that is long enough to be quoted as a sentence.\n\nJOINT RESOLUTION\n\n${long}`;
    const input = briefInput(bill, { code: 'ih', text }, null);
    const draft = writeExtractiveBrief(input);
    expect(draft.brief.points).toHaveLength(1);
    const [p] = draft.brief.points;
    expect(p?.citation?.section).toBe('Sec. 2');
    expect(p?.citation?.quote.length).toBeLessThanOrEqual(480);
    expect(p?.citation?.quote.startsWith('Pursuant to section 1013')).toBe(true);
    expect(check(input, draft).withheld).toBe(0);
  });

  it('writes an amendment brief that quotes the changed sections', () => {
    const draft = writeExtractiveBrief(briefInput(bill, { code: 'rh', text: BILL_V2 }, { code: 'ih', text: BILL_V1 }));
    expect(draft.brief.points.map((p) => p.citation?.section)).toEqual(expect.arrayContaining(['Sec. 2', 'Sec. 4']));
    expect(draft.brief.points.map((p) => p.text)).toEqual(['Changed: Grants for Rural Health Clinics', 'Changed: Report', 'Added: Telehealth Pilot']);
    expect(draft.brief.summary).toMatch(/1 section\(s\) added/);
  });
});

describe('classification rule and cost table', () => {
  it('classifies commemorative and administrative titles', () => {
    expect(classifyByRule('To designate the facility of the United States Postal Service as the John Doe Post Office')).toBe('commemorative');
    expect(classifyByRule('Providing for consideration of the bill (H.R. 5)')).toBe('administrative');
    expect(classifyByRule('Rural Clinics Improvement Act')).toBe('substantive');
  });

  it('prices cached input at the cached rate and unknown models at zero', () => {
    expect(costUsd('gpt-4o-mini-2024-07-18', { input_tokens: 1_000_000, output_tokens: 0, cached_input_tokens: 500_000 })).toBeCloseTo(0.075 + 0.0375, 6);
    expect(costUsd('llama3.1', { input_tokens: 1000, output_tokens: 1000, cached_input_tokens: 0 })).toBe(0);
  });
});
