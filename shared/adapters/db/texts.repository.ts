/**
 * Bill text versions: the list in the table (BILL#{id} / TEXT#{version_code})
 * and the documents in S3 — the original at texts/{bill_id}/{version_code}.{ext},
 * a normalised plain-text rendering at texts/{bill_id}/{version_code}.txt
 * (section numbers such as "SEC. 2." kept), which briefs quote from, and its
 * outline (sections and units as offsets into that text, written by the text
 * parsers) at texts/{bill_id}/{version_code}.outline.json. The list
 * entry also records which brief announced the version to followers
 * (`announced_by`), so a version is announced once however often it is re-briefed.
 */
import { s3, s3Sdk } from '#shared/platform/s3-client.ts';
import { config } from '#shared/platform/config.ts';
import { TextVersion, type TextFormat } from '#shared/domain/bills/text-version.schema.ts';
import { StoredTextOutline, type OutlinedText } from '#shared/domain/bills/text-outline.ts';
import { sortVersions } from '#shared/domain/bills/text-version-order.ts';
import { isConditionFailed, queryAll, transactionReasons } from './dynamo.ts';
import { billKeys } from './keys/bill.keys.ts';
import { textVersionKeys } from './keys/text-version.keys.ts';
import { outboxPut } from './outbox.repository.ts';
import { type OutboxEntry } from '#shared/domain/notify/outbox-entry.schema.ts';
import { statsIncrement } from './stats.repository.ts';
import { cond, expressions, query, update } from './expressions.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

export type { TextVersion } from '#shared/domain/bills/text-version.schema.ts';

const EXTENSIONS: Record<TextFormat, string> = { uslm: 'uslm.xml', xml: 'xml', htm: 'htm', txt: 'src.txt' };
const CONTENT_TYPES: Record<TextFormat, string> = { uslm: 'application/xml', xml: 'application/xml', htm: 'text/html', txt: 'text/plain' };

/** S3 keys of a version's original document, its plain-text rendering and that text's outline. */
export const textKeys = (billId: string, versionCode: string, format: TextFormat) => ({
  s3_key: `texts/${billId}/${versionCode}.${EXTENSIONS[format]}`,
  text_s3_key: `texts/${billId}/${versionCode}.txt`,
  outline_s3_key: `texts/${billId}/${versionCode}.outline.json`,
});

/** A version's plain text with its outline (null when the text came without markup, or is older than outlines). */
export type StoredText = OutlinedText;

/**
 * Stores a version: both documents in S3, then, in one transaction, the list
 * entry (on condition it is new), the documents_fetched count and, when
 * given, the outbox entry owing the messages the new version calls for (its
 * brief), so a crash after the write cannot lose them (shared/use-cases/bills/outbox-relay.ts).
 * Returns false (and writes nothing) when the version was stored before; S3
 * puts of the same bytes are harmless, so a redelivered message changes nothing.
 */
export async function saveTextVersion(version: TextVersion, original: Buffer, rendering: StoredText, outbox?: OutboxEntry): Promise<boolean> {
  const bucket = config().BUCKET_NAME;
  const [client, { PutObjectCommand }] = await Promise.all([s3(), s3Sdk()]);
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: version.s3_key, Body: original, ContentType: CONTENT_TYPES[version.format] }));
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: version.text_s3_key, Body: rendering.text, ContentType: 'text/plain; charset=utf-8' }));
  // The outline goes before the list entry that names it: a reader never finds the entry without it.
  const outlineKey = rendering.outline ? version.outline_s3_key : null;
  if (rendering.outline && outlineKey) {
    const body = JSON.stringify({ v: 1, ...rendering.outline });
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: outlineKey, Body: body, ContentType: 'application/json' }));
  }
  const stored: TextVersion = { ...version, outline_s3_key: outlineKey };
  try {
    await table.transactWrite([
      {
        Put: {
          Item: entityItem('text_version', textVersionKeys.version(stored.bill_id, stored.version_code), { ...stored }),
          ...expressions({ condition: cond.itemAbsent() }),
        },
      },
      statsIncrement({ documents_fetched: 1 }),
      ...(outbox ? [outboxPut(outbox)] : []),
    ]);
  } catch (err) {
    if (transactionReasons(err)?.[0] === 'ConditionalCheckFailed') return false;
    throw err;
  }
  return true;
}

/** The text versions of a bill, oldest → newest. */
export async function listTextVersions(billId: string): Promise<TextVersion[]> {
  const items = await queryAll(query({ pk: billKeys.partition(billId), skPrefix: textVersionKeys.prefix }));
  return sortVersions(items.map((i) => TextVersion().parse(i)));
}

/** One version's list entry, or null. */
export async function getTextVersion(billId: string, versionCode: string): Promise<TextVersion | null> {
  const out = await table.getItem({ Key: textVersionKeys.version(billId, versionCode) });
  return out.Item ? TextVersion().parse(out.Item) : null;
}

async function readObject(key: string): Promise<string | null> {
  const [client, { GetObjectCommand, NoSuchKey }] = await Promise.all([s3(), s3Sdk()]);
  try {
    const out = await client.send(new GetObjectCommand({ Bucket: config().BUCKET_NAME, Key: key }));
    return (await out.Body?.transformToString('utf-8')) ?? null;
  } catch (err) {
    if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
    throw err;
  }
}

/** The plain text of a stored version (what briefs quote), or null when not stored. */
export async function getBillText(billId: string, versionCode: string): Promise<string | null> {
  const version = await getTextVersion(billId, versionCode);
  return version ? readObject(version.text_s3_key) : null;
}

/** The plain text of a stored version with its outline when one was stored; null when the text is not stored. */
export async function getStoredText(version: TextVersion): Promise<StoredText | null> {
  const [text, outline] = await Promise.all([
    readObject(version.text_s3_key),
    version.outline_s3_key ? readObject(version.outline_s3_key) : Promise.resolve(null),
  ]);
  if (text === null) return null;
  return { text, outline: outline === null ? null : StoredTextOutline().parse(JSON.parse(outline)) };
}

export type AnnouncementClaim = 'claimed' | 'announced_already' | 'no_text';

/**
 * Claims the one announcement (new_document / new_amendment) of a text
 * version for the brief with `briefToken` (its share token: unique per brief,
 * where version numbers can be reused once backfill-citations deletes a
 * brief). 'claimed' also when this brief holds the claim already (a
 * redelivery completing its send); 'announced_already' when another brief
 * holds it; 'no_text' when the version is not listed.
 */
export async function claimTextAnnouncement(
  billId: string,
  versionCode: string,
  brief: { token: string; version: number },
  at: Date,
): Promise<AnnouncementClaim> {
  const key = textVersionKeys.version(billId, versionCode);
  try {
    await table.updateItem({
      Key: key,
      ...update(
        { set: { announced_by: brief.token }, setIfNotExists: { announced_version: brief.version, announced_at: at.toISOString() } },
        cond.and(cond.itemExists(), cond.or(cond.absent('announced_by'), cond.eq('announced_by', brief.token))),
      ),
    });
    return 'claimed';
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
    const out = await table.getItem({ Key: key, ConsistentRead: true });
    return out.Item ? 'announced_already' : 'no_text';
  }
}
