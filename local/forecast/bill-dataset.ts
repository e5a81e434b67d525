/**
 * Reads bill records in the bill-outcomes dataset's format: JSON Lines, plain
 * or gzip'd (told by the gzip magic bytes, not the file name). Each line
 * parses on its own, so one bad line is an error for that line and the rest
 * still read.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type * as z from 'zod';
import { BillRecord } from '#shared/domain/forecast/bill-record.schema.ts';

/**
 * The dataset folder: ../shared/datasets/bill-outcomes beside the repository
 * (absent on machines without ../shared), or BILL_OUTCOMES_DIR (a git worktree
 * sits elsewhere).
 */
export const DATASET_DIR = process.env.BILL_OUTCOMES_DIR ?? path.resolve(import.meta.dirname, '../../..', 'shared/datasets/bill-outcomes');
export const TRAIN_FILE = path.join(DATASET_DIR, 'train.jsonl.gz');

/** The lines of a JSON Lines file, gzip'd or not; throws when the file cannot be read. */
export function readLines(file: string): string[] {
  const bytes = readFileSync(file);
  const text = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.map((l) => l.replace(/\r$/, ''));
}

export type LineResult<T> = { ok: true; value: T } | { ok: false; id: string | null; error: string };

/** One line parsed with a schema; the error names the fields at fault and the bill id when the line has one. */
export function parseLine<S extends z.ZodType>(schema: S, line: string): LineResult<z.infer<S>> {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (e) {
    return { ok: false, id: null, error: `invalid JSON: ${(e as Error).message}` };
  }
  const id = typeof json === 'object' && json !== null && 'id' in json && typeof json.id === 'string' ? json.id : null;
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(record)'}: ${i.message}`);
  return { ok: false, id, error: issues.join('; ') };
}

/** Every record of a dataset file with its outcome; throws on a bad line (the training data must be whole). */
export function readBillRecords(file: string): BillRecord[] {
  return readLines(file).map((line, i) => {
    const r = parseLine(BillRecord(), line);
    if (!r.ok) throw new Error(`${file}:${i + 1}: ${r.error}`);
    return r.value;
  });
}
