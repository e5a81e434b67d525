// Pure rules of the briefs domain: sections, diff, citation check, chunking, topics, extractive briefer, costs.
import { describe, expect, it } from 'vitest';
import { briefInput } from '#shared/domain/briefs/brief-input.ts';
import { chunkSections } from '#shared/domain/briefs/chunking.ts';
import { checkCitations, hasVerifiedCitation, quoteFound } from '#shared/domain/briefs/citation-check.ts';
import { classifyByRule } from '#shared/use-cases/briefs/classify.ts';
import { diffTextVersions } from '#shared/domain/briefs/section-diff.ts';
import { parseSections } from '#shared/domain/briefs/section-parser.ts';
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
  const sections = parseSections(BILL_V1);
  const cited = (quote: string, section = 'Sec. 2') => ({ id: 'p1', text: 't', label: 'cited_fact' as const, citation: { section, quote } });

  it('finds quotes regardless of case and whitespace', () => {
    expect(quoteFound('THE SECRETARY of Health   and\nHuman Services shall award grants', BILL_V1)).toBe(true);
  });

  it('relabels a hallucinated quote as inference and marks the brief uncited', () => {
    const result = checkCitations(
      [cited('shall award grants to eligible rural health clinics'), cited('The Secretary shall abolish all clinics by 2026')],
      BILL_V1,
      sections,
    );
    expect(result.points.map((p) => p.label)).toEqual(['cited_fact', 'inference']);
    expect(result.relabelled).toBe(1);
    expect(result.uncited).toBe(true);
  });

  it('corrects the section of a found quote to the section that contains it', () => {
    const result = checkCitations([cited('submit to Congress a report on the grants', 'Sec. 2')], BILL_V1, sections);
    expect(result.points[0]?.citation?.section).toBe('Sec. 3');
    expect(result.uncited).toBe(false);
  });

  it('counts a brief without any cited fact as uncited', () => {
    expect(checkCitations([{ id: 'p1', text: 't', label: 'inference', citation: null }], BILL_V1, sections).uncited).toBe(true);
  });

  it('keeps a verified citation on a brief flagged uncited by another point, and none when every quote missed', () => {
    const mixed = checkCitations(
      [cited('shall award grants to eligible rural health clinics'), cited('The Secretary shall abolish all clinics')],
      BILL_V1,
      sections,
    );
    expect(mixed.uncited).toBe(true);
    expect(hasVerifiedCitation(mixed.points)).toBe(true);
    const missed = checkCitations(
      [cited('The Secretary shall abolish all clinics'), { id: 'p2', text: 't', label: 'inference', citation: null }],
      BILL_V1,
      sections,
    );
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
  it('writes a full brief of verbatim, cited sentences labelled extractive', () => {
    const input = briefInput(bill, { code: 'ih', text: BILL_V1 }, null);
    const draft = writeExtractiveBrief(input);
    expect(draft.method).toBe('extractive');
    expect(draft.provider).toBe('extractive');
    expect(draft.brief.points.length).toBeGreaterThanOrEqual(2);
    const checked = checkCitations(
      draft.brief.points.map((p, i) => ({ ...p, id: `p${i}` })),
      BILL_V1,
      input.sections,
    );
    expect(checked.relabelled).toBe(0);
    expect(draft.brief.topic_tags).toContain('health');
  });

  it('quotes a prefix of an overlong sentence verbatim, and skips the preamble', () => {
    const long = `SEC. 2. REMOVAL.\nPursuant to section 1013, ${'Congress hereby directs the President to act, '.repeat(15)}by not later than 30 days after enactment.`;
    const input = briefInput(bill, { code: 'ih', text: `116th CONGRESS 1st Session, a preamble sentence that is long enough to quote.\n\n${long}` }, null);
    const draft = writeExtractiveBrief(input);
    expect(draft.brief.points).toHaveLength(1);
    const [p] = draft.brief.points;
    expect(p?.citation?.section).toBe('Sec. 2');
    expect(p?.citation?.quote.length).toBeLessThanOrEqual(480);
    expect(p?.text.endsWith('…')).toBe(true);
    expect(checkCitations([{ ...(p as NonNullable<typeof p>), id: 'p1' }], input.text, input.sections).relabelled).toBe(0);
  });

  it('writes an amendment brief that quotes the changed sections', () => {
    const draft = writeExtractiveBrief(briefInput(bill, { code: 'rh', text: BILL_V2 }, { code: 'ih', text: BILL_V1 }));
    expect(draft.brief.points.map((p) => p.citation?.section)).toEqual(expect.arrayContaining(['Sec. 2', 'Sec. 4']));
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
