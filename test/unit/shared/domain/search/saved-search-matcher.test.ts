import { describe, expect, it } from 'vitest';
import { numberForms, type SearchDocument } from '#shared/domain/search/search-document.ts';
import { matchSavedSearches, SavedSearchIndex, type SavedQuery } from '#shared/adapters/search/saved-search-matcher.ts';

const NOW = new Date('2026-06-01T00:00:00Z');

function doc(id: string, fields: Partial<SearchDocument>): SearchDocument {
  const [congress = '119', type = 'hr', number = '1'] = id.split('-');
  return {
    bill_id: id,
    congress: Number(congress),
    chamber: type.startsWith('s') ? 'senate' : 'house',
    type,
    status: 'INTRODUCED',
    sponsor_id: null,
    has_document: true,
    topics: [],
    introduced_date: '2026-05-01',
    latest_action_date: '2026-05-20',
    number: numberForms(Number(congress), type, Number(number)),
    short_title: '',
    title: 'To amend title 7 of the United States Code.',
    summary: '',
    meta: '',
    text: '',
    sections: [],
    ...fields,
  };
}

const SEC3 = 'SEC. 3. TOWER GRANTS. The Secretary shall award grants for rural broadband towers in tribal areas.';
const NEW_TEXT = doc('119-hr-10', {
  title: 'Connecting Farms Act',
  text: `SEC. 2. DEFINITIONS. In this Act the term farm means a farm. ${SEC3}`,
  sections: [
    { label: 'Sec. 2', body: 'SEC. 2. DEFINITIONS. In this Act the term farm means a farm.' },
    { label: 'Sec. 3', body: SEC3 },
  ],
  topics: ['agriculture'],
});

const search = (key: string, q: string, filters: SavedQuery['filters'] = {}): SavedQuery => ({ key: key.padEnd(20, '0'), q, filters });
const keys = (found: { key: string }[]) => found.map((m) => m.key.replace(/0+$/u, ''));

describe('matching new documents against saved searches', () => {
  it('names the section that matched, with the words marked', () => {
    const [match] = matchSavedSearches([NEW_TEXT], [search('a', 'broadband towers')], NOW);

    expect(match).toMatchObject({ bill_id: '119-hr-10', match: { section: 'Sec. 3' } });
    expect(match?.match.snippet).toContain('<mark>broadband</mark> <mark>towers</mark>');
  });

  it('keeps only the searches whose every word, phrase and filter the document meets', () => {
    const searches = [
      search('a', 'rural broadband'),
      search('b', 'rural hospitals'),
      search('c', '"broadband towers"'),
      search('d', '"towers broadband"'),
      search('e', 'broadband', { congress: 118 }),
      search('f', 'broadband', { congress: 119, has_document: true, topic: 'agriculture' }),
      search('f2', 'broadband', { chamber: 'senate' }),
    ];

    expect(keys(matchSavedSearches([NEW_TEXT], searches, NOW))).toEqual(['a', 'c', 'f']);
  });

  it('matches the last word whole, not as the search box prefix', () => {
    expect(matchSavedSearches([NEW_TEXT], [search('a', 'rural tow')], NOW)).toEqual([]);
  });

  it('tolerates one typo in a longer word, as the search box does', () => {
    expect(keys(matchSavedSearches([NEW_TEXT], [search('a', 'broadbend')], NOW))).toEqual(['a']);
  });

  it('quotes the title when the bill matched on its title alone', () => {
    const [match] = matchSavedSearches([NEW_TEXT], [search('a', 'connecting farms')], NOW);

    expect(match?.match.section).toBe('Title');
    expect(match?.match.snippet).toContain('<mark>Connecting</mark>');
  });

  it('answers each document of a batch apart, in the order of the searches', () => {
    const other = doc('119-s-20', { title: 'Rural hospitals relief', chamber: 'senate' });

    const found = matchSavedSearches([NEW_TEXT, other], [search('b', 'rural'), search('a', 'hospitals')], NOW);

    expect(found.map((m) => `${m.key.replace(/0+$/u, '')} ${m.bill_id}`).sort()).toEqual(['a 119-s-20', 'b 119-hr-10', 'b 119-s-20']);
    expect(found.map((m) => m.key[0])).toEqual(['b', 'b', 'a']);
  });

  it('matches 5,000 saved searches against a new text version in well under the queue timeout', () => {
    // Saved searches of two words from a vocabulary of 100, five of which the new text holds: 25 of them match,
    // and the others are skipped before the engine runs (a long word one typo from a word of the text is not skipped).
    const held = ['rural', 'broadband', 'tribal', 'grants', 'towers'];
    const vocabulary = [...held, ...Array.from({ length: 95 }, (_, i) => `subject${String.fromCharCode(97 + (i % 26))}${Math.floor(i / 26)}x`)];
    const searches = Array.from({ length: 5000 }, (_, i) => search(i.toString(16), `${vocabulary[i % 100]} ${vocabulary[Math.floor(i / 100) % 100]}`));

    const started = performance.now();
    const found = matchSavedSearches([NEW_TEXT], searches, NOW);
    const elapsed = performance.now() - started;

    const expected = searches.filter((s) => s.q.split(' ').every((w) => held.includes(w)));
    expect(expected.length).toBeGreaterThan(0);
    expect(found.map((m) => m.key)).toEqual(expected.map((s) => s.key));
    console.info(`saved-search matching: 5,000 searches, ${found.length} matches, ${elapsed.toFixed(0)} ms`);
    // A generous bound for a loaded CI machine: running the engine for every search took 30 s here.
    expect(elapsed).toBeLessThan(5000);
  });
});

describe('the saved searches a new document checks (issue 32.7)', () => {
  it('are those whose key word, the longest word every match holds, is in the document', () => {
    const index = new SavedSearchIndex([
      search('a', 'tribal spectrum'), // key word "spectrum": absent, so never run though "tribal" is there
      search('b', 'rural towers'),
      search('c', '"broadband towers" grants'),
      search('d', 'hospitals'),
    ]);

    expect(keys(index.candidates([NEW_TEXT]))).toEqual(['b', 'c']);
  });

  it('take a key word one edit away, as the engine corrects it: deleted, inserted, changed or swapped letters', () => {
    const typos = ['broadbnd', 'broadbaand', 'broadbend', 'braodband'].map((q, i) => search(`t${i}`, q));
    const index = new SavedSearchIndex([...typos, search('far', 'brodbend')]);

    expect(keys(index.candidates([NEW_TEXT]))).toEqual(['t', 't1', 't2', 't3']);
  });

  it('are the same few among 100 or 10,000 saved searches', () => {
    const absent = (n: number) => Array.from({ length: n }, (_, i) => search(`x${i}`, `unheardof${i.toString(36)} rural`));
    const wanted = search('w', 'tribal areas');
    for (const n of [100, 10_000]) {
      const index = new SavedSearchIndex([...absent(n), wanted]);
      expect(keys(index.candidates([NEW_TEXT]))).toEqual(['w']);
    }
  });
});
