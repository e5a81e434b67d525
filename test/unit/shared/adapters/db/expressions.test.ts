/**
 * The expression helper (shared/adapters/db/expressions.ts): the key conditions,
 * updates, conditions and projections it writes, read back through their
 * aliases, and the names and values it declares (no unused or missing ones).
 */
import { describe, expect, it } from 'vitest';
import { cond, condition, expressions, query } from '#shared/adapters/db/expressions.ts';
import { jobKeys } from '#shared/adapters/db/keys/job.keys.ts';
import { INDEX } from '#shared/adapters/db/table.ts';
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

  it('writes paths into maps and lists with one alias per map key', () => {
    const input = expressions({
      update: {
        setPaths: [
          [['cards', 'c1'], { v: 2 }],
          [['external_keys', 3], 'k'],
        ],
        remove: [['votes', 'v1'], 'ttl'],
      },
      condition: cond.and(cond.exists(['cards', 'c1']), cond.lt(['cards', 'c1', 'v'], 2), cond.eq(['external_keys', 3, 'pk'], 'P')),
    });
    expect(expressionText(input.UpdateExpression, input)).toBe('SET cards.c1 = {"v":2}, external_keys[3] = "k" REMOVE votes.v1, ttl');
    expect(expressionText(input.ConditionExpression, input)).toBe('(attribute_exists(cards.c1) AND cards.c1.v < 2 AND external_keys[3].pk = "P")');
    expect(Object.values(input.ExpressionAttributeNames ?? {}).filter((n) => n === 'cards')).toHaveLength(1);
  });

  it('refuses a path that does not start with a name or has a bad list position', () => {
    expect(() => expressions({ condition: cond.exists([]) })).toThrow(/starts with an attribute name/);
    expect(() => expressions({ condition: cond.exists(['a', -1]) })).toThrow(/whole number/);
    expect(() => expressions({ condition: cond.exists(['a', 1.5]) })).toThrow(/whole number/);
  });

  it('appends to a list, creating it empty where absent, and tests an attribute type', () => {
    const input = expressions({ update: { append: { external_keys: [{ pk: 'P' }] } }, condition: cond.isType('notification_prefs', 'M') });
    expect(expressionText(input.UpdateExpression, input)).toBe('SET external_keys = list_append(if_not_exists(external_keys, []), [{"pk":"P"}])');
    expect(expressionText(input.ConditionExpression, input)).toBe('attribute_type(notification_prefs, "M")');
  });

  it('tests membership in a list of values, refusing an empty one', () => {
    const input = expressions({ condition: cond.oneOf(['value', 'status'], ['done', 'failed']) });
    expect(expressionText(input.ConditionExpression, input)).toBe('value.status IN ("done", "failed")');
    expect(() => expressions({ condition: cond.oneOf('status', []) })).toThrow(/at least one/);
  });

  it('bounds the sort key after one value or up to one included', () => {
    const after = query({ pk: 'P', skAfter: 'a' });
    expect(expressionText(after.KeyConditionExpression, after)).toBe('pk = "P" AND sk > "a"');
    const through = query({ index: 'reverseLookups', pk: 'P', skThrough: 'z' });
    const { pk, sk } = INDEX.reverseLookups;
    expect(expressionText(through.KeyConditionExpression, through)).toBe(`${pk} = "P" AND ${sk} <= "z"`);
  });

  it('gives a ConditionCheck its condition with the names and values it uses', () => {
    const input = condition(cond.eq('is_admin', true));
    expect(expressionText(input.ConditionExpression, input)).toBe('is_admin = true');
  });
});
