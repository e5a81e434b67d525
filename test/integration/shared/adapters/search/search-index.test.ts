import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { numberForms, type SearchDocument } from '#shared/domain/search/search-document.ts';
import type { SearchFilters, SearchRequest } from '#shared/adapters/search/search-filters.ts';
import { SearchIndex } from '#shared/adapters/search/search-index.ts';
import { WordSizes } from '#shared/adapters/search/word-sizes.ts';

const NOW = new Date('2026-06-01T00:00:00Z');

function doc(id: string, fields: Partial<SearchDocument>): SearchDocument {
  const [congress = '118', type = 'hr', number = '1'] = id.split('-');
  return {
    bill_id: id,
    congress: Number(congress),
    chamber: type.startsWith('s') ? 'senate' : 'house',
    type,
    status: 'INTRODUCED',
    sponsor_id: null,
    has_document: false,
    topics: [],
    introduced_date: '2023-01-10',
    latest_action_date: '2023-01-10',
    number: numberForms(Number(congress), type, Number(number)),
    short_title: '',
    title: 'To do something else entirely.',
    summary: '',
    meta: '',
    text: '',
    sections: [],
    ...fields,
  };
}

const DOCS: SearchDocument[] = [
  doc('118-hr-1', {
    title: 'To expand rural broadband access for farms.',
    has_document: true,
    text: 'SEC. 2. GRANTS. The Secretary shall award grants for rural broadband towers.',
    sections: [{ label: 'Sec. 2', body: 'SEC. 2. GRANTS. The Secretary shall award grants for rural broadband towers.' }],
  }),
  doc('117-s-2', { title: 'Broadband for rural schools.', sponsor_id: 'S000001', topics: ['education'], latest_action_date: '2021-05-01' }),
  doc('118-hr-3', { title: 'Rural hospitals and broadband mapping.', status: 'REPORTED', latest_action_date: '2024-02-01' }),
  doc('118-hres-4', { short_title: 'Broadband Week', title: 'Honoring rural broadband workers.', topics: ['labor'] }),
  doc('116-hr-5', {
    title: 'Water infrastructure act.',
    summary: 'Authorizes appropriations for perchlorate remediation in aquifers near military installations.',
    sections: [{ label: 'CRS summary', body: 'Authorizes appropriations for perchlorate remediation in aquifers near military installations.' }],
    latest_action_date: '2019-07-01',
  }),
];

let dir: string;
let index: SearchIndex;
const run = (q: string, filters: SearchFilters = {}, extra: Partial<SearchRequest> = {}) =>
  index.search({ q, filters, sort: 'relevance', limit: 10, offset: 0, ...extra }, NOW);
const ids = (q: string, filters: SearchFilters = {}, extra: Partial<SearchRequest> = {}) => run(q, filters, extra).hits.map((h) => h.bill_id);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'search-index-test-'));
  const writer = SearchIndex.open(join(dir, 'index.db'));
  writer.upsert(DOCS, '2026-01-01T00:00:00.000Z');
  writer.close();
  index = SearchIndex.open(join(dir, 'index.db'), { readOnly: true });
});
afterAll(() => {
  index.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the search index', () => {
  it('finds a bill by three distinctive words of its summary, not its title', () => {
    expect(ids('perchlorate aquifers installations')[0]).toBe('116-hr-5');
  });

  it('ranks a short-title match above title matches', () => {
    expect(ids('broadband week')[0]).toBe('118-hres-4');
  });

  it('matches a quoted phrase only where its words are adjacent', () => {
    expect(ids('"rural broadband"').sort()).toEqual(['118-hr-1', '118-hres-4']);
    expect(ids('rural broadband').length).toBe(4);
  });

  it('matches the last word as a prefix and forgives one typo in a longer word', () => {
    expect(ids('perchlor')).toEqual(['116-hr-5']);
    expect(ids('percholrate ')).toEqual(['116-hr-5']);
  });

  it.each<[string, SearchFilters, string[]]>([
    ['congress', { congress: 117 }, ['117-s-2']],
    ['chamber', { chamber: 'senate' }, ['117-s-2']],
    ['type', { type: 'hres' }, ['118-hres-4']],
    ['status', { status: 'REPORTED' }, ['118-hr-3']],
    ['topic', { topic: 'education' }, ['117-s-2']],
    ['sponsor', { sponsor_id: 'S000001' }, ['117-s-2']],
    ['has_document', { has_document: true }, ['118-hr-1']],
    ['date range', { from: '2021-01-01', to: '2022-12-31' }, ['117-s-2']],
  ])('filters by %s', (_, filters, expected) => {
    expect(ids('broadband', filters)).toEqual(expected);
  });

  it('sorts by date, newest first (the later indexed first on a tie), and pages with a total', () => {
    expect(ids('broadband', {}, { sort: 'date' })).toEqual(['118-hr-3', '118-hres-4', '118-hr-1', '117-s-2']);
    const second = run('broadband', {}, { sort: 'date', limit: 2, offset: 2 });
    expect(second).toMatchObject({ total: 4, hits: [{ bill_id: '118-hr-1' }, { bill_id: '117-s-2' }] });
  });

  it('sorts many matches by date through the newest-first walk, with filters and pages, as a full sort would', () => {
    // Many matches: a date-sorted page of a query without a prefix walks the docs newest first; with one, it sorts the matches.
    const path = join(dir, 'many.db');
    const writer = SearchIndex.open(path, { bulk: true });
    const many = Array.from({ length: 2_400 }, (_, i) => {
      const day = `20${String(10 + (i % 13)).padStart(2, '0')}-0${1 + (i % 9)}-1${i % 10}`;
      return doc(`118-${i % 3 === 0 ? 's' : 'hr'}-${i + 1}`, { title: `Harbor dredging ${i % 2 === 0 ? 'grants' : 'loans'}.`, latest_action_date: day });
    });
    writer.upsert(many, '2026-01-01T00:00:00.000Z');
    const page = (q: string, filters: SearchFilters, offset: number) => writer.search({ q, filters, sort: 'date', limit: 7, offset }, NOW);
    const expected = (keep: (d: SearchDocument) => boolean, offset: number) =>
      many
        .map((d, i) => ({ id: d.bill_id, date: d.latest_action_date ?? '', rid: i + 1 }))
        .filter((_, i) => keep(many[i] as SearchDocument))
        .sort((a, b) => b.date.localeCompare(a.date) || b.rid - a.rid)
        .slice(offset, offset + 7)
        .map((d) => d.id);
    for (const q of ['harbor ', 'harbor']) {
      expect(page(q, {}, 0)).toMatchObject({ total: 2_400 });
      expect(page(q, {}, 0).hits.map((h) => h.bill_id)).toEqual(expected(() => true, 0));
      expect(page(q, {}, 300).hits.map((h) => h.bill_id)).toEqual(expected(() => true, 300));
      expect(page(q, {}, 1_500).hits.map((h) => h.bill_id)).toEqual(expected(() => true, 1_500));
    }
    const senateGrants = (d: SearchDocument) => d.chamber === 'senate' && d.title.includes('grants');
    for (const q of ['dredging grants ', 'dredging grants']) {
      expect(page(q, { chamber: 'senate' }, 0)).toMatchObject({ total: many.filter(senateGrants).length });
      expect(page(q, { chamber: 'senate' }, 0).hits.map((h) => h.bill_id)).toEqual(expected(senateGrants, 0));
    }
    writer.close();
  });

  it('refuses a file of another layout, naming the rebuild, rather than answering from half an index', () => {
    const path = join(dir, 'old.db');
    const old = new sqlite.Database(path);
    old.exec('CREATE TABLE docs(rid INTEGER PRIMARY KEY); PRAGMA user_version = 1;');
    old.close();
    expect(() => SearchIndex.open(path)).toThrow(/version 1; this code reads version 3: rebuild it/u);
  });

  it('says which section matched, with the words marked', () => {
    const hit = run('towers').hits[0];
    expect(hit).toEqual({
      bill_id: '118-hr-1',
      match: { section: 'Sec. 2', snippet: expect.stringContaining('<mark>towers.</mark>') as string },
    });
  });

  it('keeps a later document when an older change set arrives after it', () => {
    const path = join(dir, 'order.db');
    const writer = SearchIndex.open(path);
    writer.upsert([doc('118-hr-9', { title: 'Newer title about satellites' })], '2026-02-02T00:00:00.000Z');
    writer.upsert([doc('118-hr-9', { title: 'Older title about pipelines' })], '2026-02-01T00:00:00.000Z');
    const found = (q: string) => writer.search({ q, filters: {}, sort: 'relevance', limit: 10, offset: 0 }, NOW).total;
    expect([found('satellites'), found('pipelines')]).toEqual([1, 0]);
    writer.remove(['118-hr-9']);
    expect(found('satellites')).toBe(0);
    writer.close();
  });
});

describe('a query that is a bill title (issue 32.1)', () => {
  // Bills that hold the words of "Paycheck Fairness Act" many times over, and the bills that bear it.
  const titled = [
    doc('118-hr-17', {
      short_title: 'Paycheck Fairness Act',
      title: 'To amend the Fair Labor Standards Act of 1938 on pay.',
      latest_action_date: '2023-01-20',
    }),
    doc('116-hr-7', { short_title: 'Paycheck Fairness Act', title: 'To amend the Fair Labor Standards Act of 1938 on pay.', latest_action_date: '2019-03-27' }),
    doc('116-s-270', {
      short_title: 'Paycheck Fairness Act',
      title: 'To amend the Fair Labor Standards Act of 1938 on pay.',
      chamber: 'senate',
      latest_action_date: '2019-01-30',
    }),
    doc('118-hr-20', {
      short_title: 'Paycheck Fairness Enforcement and Paycheck Transparency Act',
      title: 'To enforce paycheck fairness act rules: paycheck fairness, paycheck transparency, and act on fairness.',
      latest_action_date: '2024-01-01',
    }),
    doc('118-hr-21', { title: 'To study paycheck fairness act compliance: the Paycheck Fairness Act of 2023 in practice.', latest_action_date: '2024-02-01' }),
    doc('115-hr-2', {
      short_title: 'Disaster Relief Appropriations Act, 2017',
      title: 'Making appropriations for disaster relief.',
      latest_action_date: '2017-05-01',
    }),
    doc('116-hr-3', {
      short_title: 'Disaster Relief Appropriations Act, 2019',
      title: 'Making appropriations for disaster relief in 2017 and 2019.',
      latest_action_date: '2019-05-01',
    }),
    doc('117-hr-4', {
      short_title: 'Relief Now Act',
      title: 'To provide relief.\nDisaster Relief Appropriations Act, 2021\nHarbor Grants Act',
      summary: 'Disaster relief appropriations, disaster relief appropriations act, 2021.',
      latest_action_date: '2021-05-01',
    }),
  ];
  let titles: SearchIndex;
  let bm25: SearchIndex;
  beforeAll(() => {
    const path = join(dir, 'titles.db');
    const writer = SearchIndex.open(path);
    writer.upsert(titled, '2026-01-01T00:00:00.000Z');
    writer.optimize();
    writer.close();
    titles = SearchIndex.open(path, { readOnly: true });
  });
  afterAll(() => titles.close());
  const page = (index: SearchIndex, q: string, extra: Partial<SearchRequest> = {}) =>
    index.search({ q, filters: {}, sort: 'relevance', limit: 10, offset: 0, ...extra }, NOW);
  const titleIds = (q: string, extra: Partial<SearchRequest> = {}) => page(titles, q, extra).hits.map((h) => h.bill_id);

  it('puts the bills of that title first, newest Congress first, ahead of bills that merely hold its words', () => {
    expect(titleIds('Paycheck Fairness Act').slice(0, 3)).toEqual(['118-hr-17', '116-hr-7', '116-s-270']);
    expect(titleIds('paycheck fairness').slice(0, 3)).toEqual(['118-hr-17', '116-hr-7', '116-s-270']);
    expect(titleIds('the paycheck fairness act ')).toHaveLength(5);
  });

  it('ranks by BM25 alone without it: the bills that hold the words most come first', () => {
    const path = join(dir, 'titles.db');
    titles.close();
    bm25 = SearchIndex.open(path, { readOnly: true, exactTitles: false });
    expect(page(bm25, 'Paycheck Fairness Act').hits[0]?.bill_id).not.toBe('118-hr-17');
    bm25.close();
    titles = SearchIndex.open(path, { readOnly: true });
  });

  it('prefers the bill whose title names the year the query names, "act", "of" and the year aside', () => {
    expect(titleIds('Disaster Relief Appropriations Act, 2019')[0]).toBe('116-hr-3');
    expect(titleIds('disaster relief appropriations act 2017')[0]).toBe('115-hr-2');
    expect(titleIds('disaster relief appropriations')[0]).toBe('116-hr-3');
  });

  it('finds a bill by another title it is known by (a popular or portion title), after bills whose own short title it is', () => {
    expect(titleIds('Disaster Relief Appropriations Act, 2021')[0]).toBe('117-hr-4');
    expect(titleIds('harbor grants act')).toEqual(['117-hr-4']);
  });

  it('keeps the total, the filters and the pages; a date sort is by date alone', () => {
    const all = page(titles, 'paycheck fairness act ');
    expect(all.total).toBe(5);
    expect(titleIds('paycheck fairness act ', { filters: { chamber: 'senate' } })).toEqual(['116-s-270']);
    expect(titleIds('paycheck fairness act ', { offset: 2, limit: 2 })).toEqual([all.hits[2]?.bill_id, all.hits[3]?.bill_id]);
    expect(titleIds('paycheck fairness act ', { sort: 'date' })).toEqual(['118-hr-21', '118-hr-20', '118-hr-17', '116-hr-7', '116-s-270']);
  });

  it('puts a title first on the full-text path too (a phrase with a rare word)', () => {
    const res = page(titles, '"paycheck fairness" act');
    expect(res.hits.slice(0, 3).map((h) => h.bill_id)).toEqual(['118-hr-17', '116-hr-7', '116-s-270']);
    expect(res.total).toBe(5);
    expect(titleIds('"paycheck fairness" act', { offset: 1, limit: 3 })).toEqual(['116-hr-7', '116-s-270', res.hits[3]?.bill_id]);
  });
});

describe("a query's work once the postings are compacted (issue 32.7)", () => {
  const sizesRows = (path: string) => {
    const raw = new sqlite.Database(path);
    const rows = raw.all("SELECT data FROM word_lists WHERE name = 'packed_sizes'") as { data: Uint8Array }[];
    raw.close();
    return rows.map((r) =>
      WordSizes.unpack(r.data)
        .entries()
        .map(([w, n]) => `${w} ${n}`)
        .join('\n'),
    );
  };
  const found = (index: SearchIndex, q: string) => index.search({ q, filters: {}, sort: 'relevance', limit: 10, offset: 0 }, NOW).hits.map((h) => h.bill_id);
  /** A file of these bills, compacted: its word postings and their lists written. */
  const compacted = (name: string, docs: SearchDocument[]) => {
    const path = join(dir, name);
    const writer = SearchIndex.open(path, { bulk: true });
    writer.upsert(docs, '2026-01-01T00:00:00.000Z');
    writer.optimize();
    writer.close();
    return path;
  };

  it("keeps the Latin words' sizes at compaction, corrects typos from them, and adds them to a file compacted without on a writer's open", () => {
    const path = compacted('sizes.db', DOCS);
    const [list = ''] = sizesRows(path);
    expect(list.split('\n')).toEqual(expect.arrayContaining([expect.stringMatching(/^perchlorate \d+$/u), expect.stringMatching(/^broadband \d+$/u)]));
    // Latin words only (no common word or pair in five bills): no number forms.
    expect(list.split('\n').every((line) => /^[a-z]+ \d+$/u.test(line))).toBe(true);
    expect(list).not.toMatch(/hr5|2019/u);
    const reader = SearchIndex.open(path, { readOnly: true });
    expect(found(reader, 'percholrate ')).toEqual(['116-hr-5']);
    reader.close();

    const raw = new sqlite.Database(path);
    raw.exec('DELETE FROM word_lists');
    raw.close();
    // Without the list a reader still corrects, asking the file.
    const old = SearchIndex.open(path, { readOnly: true });
    expect(found(old, 'percholrate ')).toEqual(['116-hr-5']);
    old.close();
    SearchIndex.open(path).close();
    expect(sizesRows(path)).toEqual([list]);
  });

  it('looks for the passage of a query of common words by its two rarest words, not all of them', () => {
    // Sixty bills hold "harbor", "dredging" and "grants": common words (in at least 50 bills), whose lists of sections are long.
    const text = (i: number) => `SEC. 1. Harbor dredging grants${i % 2 === 0 ? ' and harbor loans' : ''}${i % 3 === 0 ? ', with more grants' : ''}.`;
    const path = compacted(
      'common.db',
      Array.from({ length: 60 }, (_, i) =>
        doc(`118-hr-${100 + i}`, { title: 'Harbor dredging grants.', text: text(i), sections: [{ label: 'Sec. 1', body: text(i) }] }),
      ),
    );
    const reader = SearchIndex.open(path, { readOnly: true });
    const get = vi.spyOn(reader as unknown as { get: (sql: string, values: unknown[]) => unknown }, 'get');
    const res = reader.search({ q: 'harbor dredging grants ', filters: {}, sort: 'relevance', limit: 5, offset: 0 }, NOW);
    const matches = get.mock.calls.filter(([sql]) => sql.includes('sections_fts MATCH')).map(([, values]) => String(values[0]));
    expect(res.hits).toHaveLength(5);
    expect(res.hits.every((h) => h.match?.snippet.includes('<mark>'))).toBe(true);
    expect(matches).toHaveLength(5);
    // "dredging" is in every bill's section once; "harbor" and "grants" more often: the two rarest by postings.
    for (const m of matches) expect(m.split(' OR ')).toHaveLength(2);
    reader.close();
  });

  it('asks the file for the completions a digit follows only after a run of letters some word begins with ("hr" of "hr1")', () => {
    const path = compacted('runs.db', DOCS);
    const reader = SearchIndex.open(path, { readOnly: true });
    const all = vi.spyOn(reader as unknown as { all: (sql: string, values: unknown[]) => unknown[] }, 'all');
    const completionsAsked = () => all.mock.calls.filter(([sql]) => sql.includes('word >= ? AND word < ?')).map(([, values]) => values[0]);
    expect(found(reader, 'hr')).toEqual(expect.arrayContaining(['118-hr-1', '118-hr-3', '116-hr-5']));
    // "hr" begins the runs "hr" and "hres" (of "hres4"): one range each.
    expect(completionsAsked()).toEqual(['hr0', 'hres0']);
    all.mockClear();
    expect(found(reader, 'hre')).toEqual(['118-hres-4']);
    expect(completionsAsked()).toEqual(['hres0']);
    all.mockClear();
    expect(found(reader, 'perchl')).toEqual(['116-hr-5']);
    expect(completionsAsked()).toEqual([]);
    reader.close();
  });

  it("orders the bills of a title hundreds share from the title's keys and the columns in memory, not each bill's row", () => {
    const congresses = [110, 112, 114, 116, 118];
    const path = compacted(
      'shared-titles.db',
      Array.from({ length: 500 }, (_, i) =>
        doc(`${congresses[i % 5]}-hr-${1_000 + i}`, {
          short_title: 'Harbor Act',
          title: 'Harbor Act.',
          latest_action_date: `20${10 + (i % 9)}-03-0${1 + (i % 9)}`,
        }),
      ),
    );
    const reader = SearchIndex.open(path, { readOnly: true });
    const all = vi.spyOn(reader as unknown as { all: (sql: string, values: unknown[]) => unknown[] }, 'all');
    const res = reader.search({ q: 'harbor act', filters: { congress: 116 }, sort: 'relevance', limit: 5, offset: 0 }, NOW);
    // Every bill of the 116th Congress holds the title: the latest action first (2018-03-09: i = 8 mod 45), then the newer row.
    expect(res.total).toBe(100);
    expect(res.hits.map((h) => h.bill_id)).toEqual(['116-hr-1458', '116-hr-1413', '116-hr-1368', '116-hr-1323', '116-hr-1278']);
    const titleSql = all.mock.calls.map(([sql]) => sql).filter((sql) => sql.includes('title_keys'));
    expect(titleSql).toHaveLength(1);
    expect(titleSql[0]).not.toMatch(/docs/u);
    reader.close();
  });
});
