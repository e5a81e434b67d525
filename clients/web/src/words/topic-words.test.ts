import { describe, expect, it } from 'vitest';
import { topicWords } from './topic-words.ts';

describe('topicWords', () => {
  it('reads a topic tag as a phrase in sentence case', () => {
    expect(topicWords('armed-forces-and-national-security')).toBe('Armed forces and national security');
    expect(topicWords('HEALTH')).toBe('Health');
  });

  it('names the topics a sentence would misspell: proper nouns and the policy areas named as lists', () => {
    expect(topicWords('INTERNATIONAL-AFFAIRS')).toBe('International affairs');
    expect(topicWords('medicare-and-medicaid')).toBe('Medicare and Medicaid');
    expect(topicWords('science-technology-communications')).toBe('Science, technology, communications');
  });
});
