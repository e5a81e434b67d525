/**
 * The order test files start in, so the workers stay busy to the end of a
 * run: longest first across tiers (Vitest's own order runs tier after tier,
 * longest first within each), the files of a tier whose files share a process
 * (isolate: false) kept together, since a worker is reused only for the next
 * file of its tier, and placed last: they are many and short, and fill the
 * workers' ends. A file's length is its last run's, from Vitest's results
 * cache; a clean clone has none, so the long files are named below.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds each took in a whole run on main on the 2-core machine (2026-12-07), for files of ~15 s or more; others count 1 s. */
const KNOWN_SECONDS: Record<string, number> = {
  'faults:test/faults/functions/workers/fault-injection.test.ts': 160,
  'e2e:test/e2e/web/citation-journey.test.ts': 100,
  'e2e:test/e2e/ingest/demo-replay.test.ts': 80,
  'e2e:test/e2e/web/schedule-journey.test.ts': 75,
  'e2e:test/e2e/ingest/seeded-stack.test.ts': 52,
  'integration:test/integration/local/demo/demo-roll-calls.test.ts': 50,
  'e2e:test/e2e/web/journeys.test.ts': 50,
  'e2e:test/e2e/web/notification-settings-journey.test.ts': 49,
  'infra:test/infra/bundling.test.ts': 45,
  'e2e:test/e2e/web/amendment-journey.test.ts': 40,
  'integration:test/integration/shared/use-cases/members/member-record.test.ts': 37,
  'e2e:test/e2e/web/admin-journey.test.ts': 33,
  'e2e:test/e2e/amendments/amendments.test.ts': 26,
  'integration:test/integration/local/demo/demo-briefs.test.ts': 24,
  'e2e:test/e2e/web/forecast-journey.test.ts': 24,
  'integration:test/integration/shared/use-cases/bills/bill-backfill.test.ts': 23,
  'integration:test/integration/functions/api/sign-in-guesses.test.ts': 18,
  'infra:test/infra/stack-synth.test.ts': 17,
  'e2e:test/e2e/hostile-input.test.ts': 16,
  'infra:test/infra/access-audit.test.ts': 15,
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = new Map(files.map((spec) => [spec, this.secondsOf(spec)]));
    /** The files of a shared-process tier, in one block per tier: the block with the most seconds first. */
    const blockSeconds = new Map<string, number>();
    for (const spec of files)
      if (!spec.project.config.isolate) blockSeconds.set(spec.project.name, (blockSeconds.get(spec.project.name) ?? 0) + seconds.get(spec)!);
    return [...files].sort((a, b) => {
      const groups = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (groups !== 0) return groups;
      const shared = Number(!a.project.config.isolate) - Number(!b.project.config.isolate);
      if (shared !== 0) return shared;
      if (a.project.name !== b.project.name && !a.project.config.isolate)
        return blockSeconds.get(b.project.name)! - blockSeconds.get(a.project.name)! || a.project.name.localeCompare(b.project.name);
      return seconds.get(b)! - seconds.get(a)!;
    });
  }

  private secondsOf(spec: TestSpecification): number {
    const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
    const last = this.ctx.cache.getFileTestResults(key);
    return last ? last.duration / 1000 : (KNOWN_SECONDS[key] ?? 1);
  }
}
