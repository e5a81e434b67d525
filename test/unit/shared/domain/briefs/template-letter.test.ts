import { describe, expect, it } from 'vitest';
import { templateLetter, type LetterInput } from '#shared/domain/briefs/letter.ts';

const input = (title: string): LetterInput => ({
  bill: { label: 'H.R. 1', title },
  stance: 'YES',
  tone: 'formal',
  points: [{ id: 'p1', text: 'It funds schools.', label: 'inference', citation: null }],
});

describe('the template letter', () => {
  it('ends the sentence naming the bill with one period when the title already ends with one', () => {
    const letter = templateLetter(input('To make appropriations for the 119th Congress.'));
    expect(letter).toContain('regarding H.R. 1, To make appropriations for the 119th Congress. I urge you');
    expect(letter).not.toContain('Congress..');
  });

  it('adds the period when the title has none', () => {
    expect(templateLetter(input('Lower Costs Act'))).toContain('regarding H.R. 1, Lower Costs Act. I urge you');
  });

  it('keeps a title ending in a question or exclamation mark as written', () => {
    expect(templateLetter(input('Why Not Act?'))).toContain('regarding H.R. 1, Why Not Act? I urge you');
  });

  it('speaks of a bill without a brief from where it stands, with no list of reasons', () => {
    const letter = templateLetter({
      ...input('Lower Costs Act'),
      bill: { label: 'H.R. 1', title: 'Lower Costs Act', latest_action_date: '2025-03-01', latest_action_text: 'Referred to the Committee on Ways and Means.' },
      points: [],
    });
    expect(letter).toContain('Where it stands: On 2025-03-01: Referred to the Committee on Ways and Means.');
    expect(letter).not.toContain('My reasons');
  });
});
