/**
 * The expression helper (shared/db/expressions.ts): the key conditions,
 * updates, conditions and projections it writes, read back through their
 * aliases, and the names and values it declares (no unused or missing ones).
 */
import { describe, expect, it } from 'vitest';
import { cond, expressions, query } from '#shared/db/expressions.ts';
import { jobKeys } from '#shared/db/keys/job.keys.ts';
import { INDEX } from '#shared/db/table.ts';
import { expressionText } from '#test/support/expression-text.ts';

describe('expressions', () => {
  it('writes a partition query with a sort-key prefix from a key declaration', () => {
    const input = query(jobKeys.history('poll_bills'));
    const { pk, skPrefix } = jobKeys.history('poll_bills');
    expect(input.IndexName).toBeUndefined();
    expect(expressionText(input.KeyConditionExpression, input)).toBe(`pk = "${pk}" AND begins_with(sk, "${skPrefix}")`);
  });

  it('queries a secondary index by its own key attributes and names the index', () => {
    const input = query({ index: 'reverseLookups', pk: 'P', skBetween: ['a', 'b'] });
    const { name, pk, sk } = INDEX.reverseLookups;
    expect(input.IndexName).toBe(name);
    expect(expressionText(input.KeyConditionExpression, input)).toBe(`${pk} = "P" AND ${sk} BETWEEN "a" AND "b"`);
  });

  it('writes SET, SET if absent, ADD and REMOVE clauses, skipping undefined values', () => {
    const input = expressions({
      update: { set: { status: 'done', note: undefined, count: 2 }, setIfNotExists: { created_at: 'T' }, add: { version: 1 }, remove: ['ttl'] },
    });
    expect(expressionText(input.UpdateExpression, input)).toBe(
      'SET status = "done", count = 2, created_at = if_not_exists(created_at, "T") ADD version 1 REMOVE ttl',
    );
    expect(Object.values(input.ExpressionAttributeNames ?? {})).not.toContain('note');
  });

  it('refuses an update that changes nothing', () => {
    expect(() => expressions({ update: { set: { a: undefined } } })).toThrow(/must change something/);
  });

  it('composes conditions and shares one alias per attribute across the update and the condition', () => {
    const input = expressions({
      update: { set: { status: 'timed_out' } },
      condition: cond.and(cond.itemExists(), cond.eq('status', 'running'), cond.or(cond.absent('run_id'), cond.lte('started_at', 'T'))),
    });
    expect(expressionText(input.ConditionExpression, input)).toBe(
      '(attribute_exists(pk) AND status = "running" AND (attribute_not_exists(run_id) OR started_at <= "T"))',
    );
    expect(Object.values(input.ExpressionAttributeNames ?? {}).filter((n) => n === 'status')).toHaveLength(1);
  });

  it('projects attributes through aliases, reserved words included', () => {
    const input = query({ pk: 'X' }, { projection: ['name', 'ttl'], filter: cond.not(cond.beginsWith('name', 'A')) });
    expect(expressionText(input.ProjectionExpression, input)).toBe('name, ttl');
    expect(expressionText(input.FilterExpression, input)).toBe('NOT begins_with(name, "A")');
  });

  it('leaves out empty name and value maps, which DynamoDB refuses', () => {
    const input = expressions({});
    expect(input).toEqual({});
    expect(expressions({ condition: cond.itemAbsent() }).ExpressionAttributeValues).toBeUndefined();
  });
});
