// The test runner, in tiers: `npm run test:<tier>` runs one, `npm test` all of them.
// unit needs no emulator; integration, faults and e2e share the emulators the
// global setup starts once per tier (DynamoDB Local and fauxqs); infra synthesizes the CDK app;
// web is the web app's component tests (jsdom), configured in clients/web/vite.config.ts.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/support/longest-first.ts';

const EMULATORS = ['test/support/global-setup.ts'];
/** Setup of a tier whose files share a process: fresh service modules per file, and what a file changed undone after it. */
const SHARED_PROCESS = ['test/support/fresh-modules.ts', 'test/support/shared-process.ts'];

/**
 * Workers of the emulator tiers, infra and web (one group): at least two, even on a 2-core machine, where Vitest's
 * default (cores - 1) ran every file one after another; their files mostly wait on the emulators and the local stack's
 * pumps, not the CPU. At most four, so browsers and seeded local stacks never crowd a large machine's emulators.
 */
const SHARED_WORKERS = Math.min(4, Math.max(2, availableParallelism() - 1));
/** Workers of the unit tier: no emulator to share, so all cores. */
const UNIT_WORKERS = availableParallelism();

export default defineConfig({
  test: {
    setupFiles: ['test/support/setup-env.ts'],
    pool: 'forks',
    maxWorkers: SHARED_WORKERS,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
    // Longest files first across tiers, so the two workers finish together (test/support/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          // Long-lived processes, one per core, with fresh service modules per file (see fresh-modules.ts).
          isolate: false,
          maxWorkers: UNIT_WORKERS,
          // A project with its own worker count must run as a group of its own (Vitest's rule), this one after the others,
          // so a worker idles while the other finishes the last file of theirs. Where the counts are the same (a
          // 2-core machine: 2 and 2), the unit tier joins their group instead, and its many short files fill that end.
          sequence: { groupOrder: UNIT_WORKERS === SHARED_WORKERS ? 0 : 1 },
          setupFiles: ['test/support/fresh-modules.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: EMULATORS,
          // Files share their worker's process, as in unit: each file spared a process start and a load of the AWS SDK.
          isolate: false,
          setupFiles: SHARED_PROCESS,
        },
      },
      { extends: true, test: { name: 'faults', include: ['test/faults/**/*.test.ts'], globalSetup: EMULATORS } },
      {
        extends: true,
        // Files share their worker's process too: each file spared a process start and a load of the local stack's packages.
        test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], globalSetup: EMULATORS, isolate: false, setupFiles: SHARED_PROCESS },
      },
      {
        extends: true,
        // Files share their worker's process: aws-cdk-lib (a few CPU seconds to load) is loaded once per worker.
        test: { name: 'infra', include: ['test/infra/**/*.test.ts'], isolate: false, setupFiles: SHARED_PROCESS },
      },
      'clients/web/vite.config.ts',
    ],
  },
});
