/**
 * Numbered data migrations (0001, 0002, …). Each is recorded in the table
 * when applied, so it runs once, at deploy (the run_migrations job) and at
 * local start. A migration must be idempotent: a crash mid-way re-runs it.
 */
export interface Migration {
  /** Four digits, in order: "0001". */
  id: string;
  description: string;
  up: () => Promise<Record<string, unknown>>;
}
