import { describe, expect, it } from 'vitest';
import { topicWords } from './topic-words.ts';

describe('topicWords', () => {
  it('reads a topic tag as a phrase in sentence case', () => {
    expect(topicWords('armed-forces-and-national-security')).toBe('Armed forces and national security');
    expect(topicWords('HEALTH')).toBe('Health');
  });
});
