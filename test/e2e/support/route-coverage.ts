/**
 * Which routes the e2e calls exercised, across every e2e file of a run. Each
 * test process appends one line per checked reply to a file of its own in a
 * folder the global setup provides (`contractCoverageDir`); at the end of the
 * run the global teardown reads them all and prints the routes whose success
 * reply no e2e call validated (see ./contract.ts).
 */
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeKey, type RouteDef } from '#shared/edges/http/route.ts';

interface Line {
  route: string;
  status: number;
  success: boolean;
}

/** Records, in `folder`, one checked reply of a route (not the fallback's). */
export function recordExercised(folder: string, route: RouteDef, status: number, success: boolean): void {
  const line: Line = { route: routeKey(route), status, success };
  appendFileSync(join(folder, `${process.pid}.jsonl`), `${JSON.stringify(line)}\n`);
}

export interface CoverageReport {
  /** Routes whose success reply at least one e2e call validated. */
  validated: string[];
  /** Routes e2e calls reached only with error replies. */
  errorsOnly: string[];
  /** Routes no e2e call reached. */
  untouched: string[];
}

/** Reads what the run recorded in `folder`; null when no e2e call recorded anything. */
export function readCoverage(folder: string, routes: readonly RouteDef[]): CoverageReport | null {
  const lines = readdirSync(folder)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) => readFileSync(join(folder, f), 'utf8').split('\n').filter(Boolean))
    .map((l) => JSON.parse(l) as Line);
  if (lines.length === 0) return null;
  const succeeded = new Set(lines.filter((l) => l.success).map((l) => l.route));
  const reached = new Set(lines.map((l) => l.route));
  const keys = routes.map(routeKey);
  return {
    validated: keys.filter((k) => succeeded.has(k)),
    errorsOnly: keys.filter((k) => reached.has(k) && !succeeded.has(k)),
    untouched: keys.filter((k) => !reached.has(k)),
  };
}

/** The report as the end of an e2e run prints it. */
export function formatCoverage(report: CoverageReport): string {
  const total = report.validated.length + report.errorsOnly.length + report.untouched.length;
  const out = [`Contract coverage: ${report.validated.length}/${total} routes had a success reply validated by an e2e call.`];
  if (report.errorsOnly.length) out.push(`Reached only with error replies (${report.errorsOnly.length}):`, ...report.errorsOnly.map((k) => `  ${k}`));
  if (report.untouched.length) out.push(`Not exercised by any e2e call (${report.untouched.length}):`, ...report.untouched.map((k) => `  ${k}`));
  return out.join('\n');
}
