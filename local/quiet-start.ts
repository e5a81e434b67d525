/**
 * `npm start`'s quiet start: at INFO the service's JSON log lines of the
 * start (the seed's jobs and workers, the first polls: about 80 of them)
 * scrolled the ready box out of sight. Until the stack is ready the service
 * logs WARN and above only, so a problem still shows; once the box is
 * printed it logs at INFO, as in AWS. A LOG_LEVEL set by the person wins
 * throughout (`LOG_LEVEL=INFO npm start` shows every line of the start).
 */

/** Quiets the service's logs (unless LOG_LEVEL was set: `quieted` false) until `end` is called, after the ready box. */
export function quietStart(env: NodeJS.ProcessEnv = process.env): { quieted: boolean; end: () => Promise<void> } {
  if (env.LOG_LEVEL) return { quieted: false, end: () => Promise.resolve() };
  env.LOG_LEVEL = 'WARN';
  const end = async () => {
    delete env.LOG_LEVEL;
    // Loaded here, not at the top: npm start loads the service's code while the emulators boot, after this runs.
    const { logger } = await import('#shared/platform/logger.ts');
    logger.setLevel('INFO');
  };
  return { quieted: true, end };
}
