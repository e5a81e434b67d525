/**
 * `npm start`'s quiet start (issue 32.5: about 80 JSON log lines scrolled
 * the ready box away): the service logs WARN and above until the stack is
 * ready, INFO after; a LOG_LEVEL the person set wins throughout.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { logger } from '#shared/platform/logger.ts';
import { quietStart } from '#local/quiet-start.ts';
import { captureLogLines } from '#test/support/log-capture.ts';

const before = process.env.LOG_LEVEL;
afterAll(() => {
  process.env.LOG_LEVEL = before;
});

const { logged } = captureLogLines();
const messages = () => logged().map((l) => l.message);

describe('the quiet start of npm start', () => {
  it('logs WARN and above while the stack starts, and INFO once it is ready', async () => {
    const env: NodeJS.ProcessEnv = process.env;
    delete env.LOG_LEVEL;
    const quiet = quietStart(env);
    expect(quiet.quieted).toBe(true);
    // The logger is made on its first line, reading LOG_LEVEL then: as the stack's jobs and workers do.
    logger.info('job succeeded');
    logger.warn('a delivery will be retried');
    expect(messages()).toEqual(['a delivery will be retried']);
    await quiet.end();
    expect(env.LOG_LEVEL).toBeUndefined();
    logger.info('a request after the ready box');
    expect(messages()).toEqual(['a delivery will be retried', 'a request after the ready box']);
  });

  it('leaves a LOG_LEVEL the person set alone', async () => {
    const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'DEBUG' };
    const quiet = quietStart(env);
    expect(quiet.quieted).toBe(false);
    await quiet.end();
    expect(env).toEqual({ LOG_LEVEL: 'DEBUG' });
  });
});
