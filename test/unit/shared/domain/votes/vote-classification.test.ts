import { describe, expect, it } from 'vitest';
import { classifyPosition, classifyVote } from '#shared/domain/votes/vote-classification.ts';

describe('vote classification', () => {
  it.each([
    'On Passage',
    'On Passage of the Bill',
    'On Motion to Suspend the Rules and Pass, as Amended',
    'On Agreeing to the Resolution',
    'On the Conference Report',
    'On Motion to Concur in the Senate Amendment',
    'On Overriding the Veto',
    'On the Joint Resolution',
  ])('counts "%s" as passage', (question) => {
    expect(classifyVote(question)).toBe('passage');
  });

  it.each([
    'On the Cloture Motion',
    'On Cloture on the Motion to Proceed',
    'On Motion to Recommit with Instructions',
    'On Ordering the Previous Question',
    'On Motion to Table',
    'On the Motion to Proceed',
    'On Agreeing to the Amendment',
    'On Motion to Reconsider',
    'On the Point of Order',
    'Providing for consideration of H.R. 3076',
    'Call of the House',
  ])('keeps "%s" procedural', (question) => {
    expect(classifyVote(question)).toBe('procedural');
  });

  it('uses the vote type too, and stays procedural when a rule is named alongside passage', () => {
    expect(classifyVote('On Motion to Recommit', 'passage')).toBe('procedural');
    expect(classifyVote('', 'On Passage')).toBe('passage');
  });

  it('normalises positions from both chambers', () => {
    expect(['Yea', 'Aye', 'yes'].map(classifyPosition)).toEqual(['yea', 'yea', 'yea']);
    expect(['Nay', 'No'].map(classifyPosition)).toEqual(['nay', 'nay']);
    expect(['Present', 'Not Voting', ''].map(classifyPosition)).toEqual(['not_voting', 'not_voting', 'not_voting']);
  });
});
