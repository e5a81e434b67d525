// The quote locator: the one matcher of a brief's quotes, whose offsets the app's "Show in the text" highlights.
import { describe, expect, it } from 'vitest';
import { passageAt, quoteLocator } from '#shared/domain/briefs/quote-locator.ts';

const TEXT = 'SEC. 2. REMOVAL.\n\nThe term “hostilities” includes in-flight\nrefueling of non-United States aircraft—conducting missions.\n';

describe('quote locator', () => {
  const { locate } = quoteLocator(TEXT);
  const passage = (quote: string) => {
    const span = locate(quote);
    return span && TEXT.slice(span.start, span.end);
  };

  it("finds a quote whatever its case, line breaks, quote marks and dashes, and answers the offsets of the text's own words", () => {
    expect(passage('the term "HOSTILITIES" includes in-flight refueling')).toBe('The term “hostilities” includes in-flight\nrefueling');
    expect(passage('non-United States aircraft-conducting missions')).toBe('non-United States aircraft—conducting missions');
  });

  it("ignores the quote's own surrounding quote marks and a trailing ellipsis", () => {
    expect(passage('“includes in-flight refueling of non-United States…”')).toBe('includes in-flight\nrefueling of non-United States');
  });

  it('finds nothing for words not in the text, or for a quote too short to stand for a fact', () => {
    expect(locate('includes mid-air refueling')).toBeNull();
    expect(locate('the term')).toBeNull();
  });

  it('takes the occurrence inside the span it is given, else the first', () => {
    const text = 'SEC. 1. Reports are due yearly to Congress.\n\nSEC. 2. Reports are due yearly to Congress.';
    const second = text.lastIndexOf('SEC. 2.');
    const { locate: inText } = quoteLocator(text);
    expect(inText('reports are due yearly', { start: second, end: text.length })?.start).toBe(second + 8);
    expect(inText('reports are due yearly', { start: 0, end: 5 })?.start).toBe(8);
    expect(inText('reports are due yearly')?.start).toBe(8);
  });

  it('shows a located passage with its line breaks read as spaces', () => {
    const span = locate('in-flight refueling');
    expect(span && passageAt(TEXT, span)).toBe('in-flight refueling');
  });
});
