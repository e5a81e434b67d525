/**
 * Local data for `npm start`: the provider environment used when no API keys
 * are set, and the seeding of an empty stack. The ingestion domain owns this
 * file and fills it with its recorded dataset.
 */
export interface SeedContext {
  log: (line: string) => void;
}

/** Environment for the providers when the developer has set no keys (e.g. REPLAY_HAR). */
export function localProviderEnv(_env: NodeJS.ProcessEnv): Record<string, string> {
  return {};
}

/** Seeds an empty local stack through the real pipeline; a no-op when data exists. */
export async function seedLocalData(_ctx: SeedContext): Promise<{ seeded: boolean; detail: string }> {
  return { seeded: false, detail: 'no recorded dataset is wired in yet' };
}
