// Paging cursors are sealed for their listing: a cursor round-trips only for the key condition it was issued for,
// and anything else (forged, tampered, another partition, another index, another secret) is a 422, not a 500.
import { describe, expect, it } from 'vitest';
import { cursorScope, decodeCursor, encodeCursor } from '#shared/adapters/db/dynamo.ts';
import { InvalidInputError } from '#shared/errors/app-error.ts';
import { collectionKeys } from '#shared/adapters/db/keys/collection.keys.ts';
import { userKeys } from '#shared/adapters/db/keys/user.keys.ts';
import { resetConfig } from '#shared/platform/config.ts';

const listing = (userId: string) =>
  cursorScope({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)',
    ExpressionAttributeValues: { ':pk': userKeys.partition(userId), ':c': collectionKeys.prefix },
  });
const mine = listing('a');
const theirs = listing('b');
const key = collectionKeys.collection('a', '1');
const LISTED = userKeys.bySignup.partition;
const refused = (cursor: string, scope = mine) => {
  try {
    decodeCursor(cursor, scope);
  } catch (err) {
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as InvalidInputError).errors).toEqual([{ path: 'query.cursor', message: expect.any(String) }]);
    return true;
  }
  return false;
};

describe('paging cursors', () => {
  it('round-trip for the listing they were issued for', () => {
    const cursor = encodeCursor(key, mine) as string;
    expect(decodeCursor(cursor, mine)).toEqual(key);
    expect(encodeCursor(undefined, mine)).toBeNull();
    expect(decodeCursor(undefined, mine)).toBeUndefined();
  });

  it('bind the index, the partition and the key-condition values, not filters or page size', () => {
    const byIndex = cursorScope({
      IndexName: 'gsi1',
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': 'gsi1pk' },
      ExpressionAttributeValues: { ':pk': LISTED },
    });
    const otherIndex = cursorScope({
      IndexName: 'gsi2',
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': 'gsi2pk' },
      ExpressionAttributeValues: { ':pk': LISTED },
    });
    const filtered = cursorScope({
      IndexName: 'gsi1',
      KeyConditionExpression: '#pk = :pk',
      FilterExpression: 'congress = :c',
      ExpressionAttributeNames: { '#pk': 'gsi1pk' },
      ExpressionAttributeValues: { ':pk': LISTED, ':c': 119 },
    } as Parameters<typeof cursorScope>[0]);
    expect(filtered).toBe(byIndex);
    expect(otherIndex).not.toBe(byIndex);
    expect(refused(encodeCursor(key, byIndex) as string, otherIndex)).toBe(true);
  });

  it("refuse another user's cursor, forged keys, tampering and garbage with a 422", () => {
    // A cursor of user b's listing, replayed on user a's: a leak of b's items if it were accepted.
    expect(refused(encodeCursor(collectionKeys.collection('b', '9'), theirs) as string)).toBe(true);
    // The old unsigned form, naming another partition or a key of the wrong shape.
    for (const forged of [collectionKeys.collection('b', '9'), { pk: 5 }, { nope: true }]) {
      expect(refused(Buffer.from(JSON.stringify(forged)).toString('base64url'))).toBe(true);
    }
    const good = encodeCursor(key, mine) as string;
    const raw = Buffer.from(good, 'base64url');
    const flipped = Buffer.from(raw);
    flipped[flipped.length - 1] = (flipped.at(-1) ?? 0) ^ 1;
    expect(refused(flipped.toString('base64url'))).toBe(true);
    expect(refused(raw.subarray(0, -1).toString('base64url'))).toBe(true);
    for (const junk of ['garbage!', '.', 'a.', '.b', '..', '%zz', 'e30', `${good}.x`, `${good}=`, 'x'.repeat(5000)]) {
      expect(refused(junk), junk).toBe(true);
    }
  });

  it('carry no internal id a client could read: the key is sealed, not just signed', () => {
    const ownerId = '3f1c2a9e-8d4b-4c1a-9e7f-0a1b2c3d4e5f';
    const cursor = encodeCursor(collectionKeys.collection(ownerId, 'c1'), listing(ownerId)) as string;
    const readings = [cursor, ...cursor.split(/[.~_-]/)].flatMap((part) => [part, Buffer.from(part, 'base64url').toString('latin1')]);
    for (const reading of readings) {
      expect(reading).not.toContain(ownerId);
      expect(reading).not.toContain(userKeys.partition(''));
    }
    expect(decodeCursor(cursor, listing(ownerId))).toEqual(collectionKeys.collection(ownerId, 'c1'));
  });

  it('stop verifying when the JWT secret changes', () => {
    const cursor = encodeCursor(key, mine) as string;
    const saved = process.env.JWT_SECRET_KEY;
    process.env.JWT_SECRET_KEY = 'y'.repeat(40);
    resetConfig();
    try {
      expect(refused(cursor)).toBe(true);
    } finally {
      process.env.JWT_SECRET_KEY = saved;
      resetConfig();
    }
    expect(decodeCursor(cursor, mine)).toEqual(key);
  });
});
