/**
 * The service's JSON log lines as a test sees them: stdout and stderr are
 * captured around each test of the file that calls `captureLogLines()`,
 * and `logged()` parses the JSON lines written so far.
 */
import { afterEach, beforeEach, vi } from 'vitest';

export function captureLogLines(): { logged: () => Record<string, unknown>[] } {
  let lines: string[] = [];
  beforeEach(() => {
    lines = [];
    for (const stream of [process.stdout, process.stderr]) {
      vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => (lines.push(String(chunk)), true));
    }
  });
  afterEach(() => vi.restoreAllMocks());
  return {
    logged: () =>
      lines
        .flatMap((l) => l.split('\n'))
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}
