/**
 * The unit tier runs its files one after another in a few long-lived
 * processes (isolate: false), which spares each file a process start and a
 * fresh load of the AWS SDK (three quarters of the tier's time). This setup
 * file gives each test file a fresh copy of the service's own modules
 * all the same, so module state (caches, cold-start flags, tunables a test
 * sets) never crosses files; packages under node_modules are loaded once.
 */
import { vi } from 'vitest';

vi.resetModules();
