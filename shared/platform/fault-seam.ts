/**
 * The seams where a side effect leaves the process (a provider request, a
 * push or an email; the AWS clients are reached through their middleware
 * stacks instead), so the fault-injection suite can make one of them fail or
 * "crash" right after it succeeded (test/faults/). Production
 * never installs a plan: a seam is then one null check and the call itself.
 */

/** The kind of side effect a seam carries. */
export type SeamKind = 'dynamodb' | 'sqs' | 's3' | 'provider' | 'channel';

/** What a test installs: it sees every call at a seam and decides how it runs. */
export type FaultPlan = <T>(kind: SeamKind, operation: string, call: () => Promise<T>) => Promise<T>;

let plan: FaultPlan | null = null;

/** Installs (or, with null, removes) the plan every seam consults. Tests only. */
export function installFaultPlan(next: FaultPlan | null): void {
  plan = next;
}

/** Runs `call` through the installed plan, if any. */
export function atSeam<T>(kind: SeamKind, operation: string, call: () => Promise<T>): Promise<T> {
  return plan ? plan(kind, operation, call) : call();
}
