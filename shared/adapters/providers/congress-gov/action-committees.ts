/**
 * The committees an action names, as committee codes: Congress.gov's
 * `committees: [{systemCode}]`, a Bill Status file's `<committees><item>
 * <systemCode>` (left as unparsed text by its reader) or its legacy
 * `<committee><systemCode>`. They tie referrals and reports to committee
 * pages (shared/use-cases/committees/committee-activity.ts).
 */
import { committeeCodeFromSystemCode } from '#shared/domain/schedule/committee-code.ts';

const SYSTEM_CODE = /<systemCode>\s*([A-Za-z]{4}\d{2})\s*<\/systemCode>/g;

function collect(node: unknown, into: Set<string>): void {
  if (typeof node === 'string') {
    for (const m of node.matchAll(SYSTEM_CODE)) {
      const code = committeeCodeFromSystemCode(m[1]);
      if (code) into.add(code);
    }
    return;
  }
  if (Array.isArray(node)) return node.forEach((n) => collect(n, into));
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (typeof record.systemCode === 'string') {
    const code = committeeCodeFromSystemCode(record.systemCode);
    if (code) into.add(code);
  }
  for (const [key, value] of Object.entries(record)) if (key !== 'systemCode') collect(value, into);
}

/** Every committee code in an action's committee data, in order of appearance. */
export function actionCommitteeCodes(node: unknown): string[] {
  const codes = new Set<string>();
  collect(node, codes);
  return [...codes];
}

/** `{committees}` when there are any, so actions without keep their shape. */
export const withCommittees = (codes: string[]): { committees?: string[] } => (codes.length ? { committees: codes } : {});
