/**
 * The job table keeps standard five-field crons (croner runs them locally);
 * EventBridge Scheduler wants its six-field `cron(...)` form, where one of
 * day-of-month and day-of-week must be "?".
 */
export function toAwsCron(cron: string): string {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`Expected a five-field cron, got "${cron}"`);
  const [minute, hour, dom, month, dow] = fields as [string, string, string, string, string];
  const step = (f: string) => f.replace(/^\*\/(\d+)$/, '0/$1');
  const dayOfWeekUsed = dow !== '*';
  return `cron(${step(minute)} ${step(hour)} ${dayOfWeekUsed ? '?' : dom} ${month} ${dayOfWeekUsed ? dow : '?'} *)`;
}
