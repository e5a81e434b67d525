// The test runner: unit, integration (DynamoDB Local + fauxqs) and e2e tiers of the service in one project, and
// the web app's component tests (jsdom) in another (clients/web/vite.config.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      {
        test: {
          name: 'service',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/setup-env.ts'],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'clients/web/vite.config.ts',
    ],
  },
});
