/**
 * LLM brief benchmark: for a short, a medium and a long bill text (the USLM
 * samples in ../shared/fixtures/bill-text-uslm when present, else texts made
 * here), and for one amendment, run the real brief pipeline (openai client →
 * the local wire-format server of the tests) and print per brief: requests,
 * estimated input and output tokens, and the share of the prompt that is
 * cacheable (the static system prompt over the whole prompt). Token counts
 * are estimates at four characters a token. Not a test.
 * Run: npx tsx bench/llm-brief.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

process.env.JWT_SECRET_KEY ??= 'bench-secret-bench-secret-bench-secret-0123';
process.env.STAGE ??= 'test';

const { briefInput } = await import('#shared/domain/briefs/brief-input.ts');
const { writeLlmBrief } = await import('#shared/use-cases/briefs/llm-briefer.ts');
const { estimateTokens } = await import('#shared/domain/briefs/chunking.ts');
const { openAiCompatibleProvider } = await import('#shared/adapters/providers/llm/openai-compatible.provider.ts');
const { config } = await import('#shared/platform/config.ts');
const { startLlmServer } = await import('#test/support/llm-server.ts');
const { uslmToText } = await import('./llm-uslm-text.ts');

const dir = path.resolve(import.meta.dirname, '..', '../shared/fixtures/bill-text-uslm');
const read = (file: string) => uslmToText(readFileSync(path.join(dir, file), 'utf8'));
const made = (sections: number) =>
  Array.from(
    { length: sections },
    (_, i) =>
      `SEC. ${i + 1}. PROVISION ${i + 1}.\n(a) In General.--The Secretary shall carry out program ${i + 1} with $${(i + 1) * 1_000_000} for fiscal year 2026, and shall report to Congress not later than 90 days after the date of enactment of this Act. ${'The program shall serve eligible entities in each State. '.repeat(20)}`,
  ).join('\n\n');

const haveFixtures = existsSync(dir);
if (!haveFixtures) console.log('(../shared/fixtures/bill-text-uslm is absent: using generated texts)');
const texts = haveFixtures
  ? {
      short: read('BILLS-116hjres37rh_uslm.xml'),
      medium: read('BILLS-116hr2157enr_uslm.xml'),
      long: read('BILLS-116hr2157ih_uslm.xml'),
      amendedFrom: read('BILLS-116hjres37rh_uslm.xml'),
      amended: read('BILLS-116hjres37rfs_uslm.xml'),
    }
  : { short: made(3), medium: made(25), long: made(120), amendedFrom: made(3), amended: made(4) };

const server = await startLlmServer();
const provider = openAiCompatibleProvider('openai', { apiKey: 'bench', baseURL: server.openaiBaseUrl });
const noLimit = { acquire: async () => {}, sleep: async () => {} };
const bill = { id: '116-hr-2157', label: 'H.R. 2157', title: 'Benchmark bill' };

const cases = [
  { name: 'short full', input: briefInput(bill, { code: 'rh', text: texts.short }, null) },
  { name: 'medium full', input: briefInput(bill, { code: 'enr', text: texts.medium }, null) },
  { name: 'long full', input: briefInput(bill, { code: 'ih', text: texts.long }, null) },
  { name: 'amendment', input: briefInput(bill, { code: 'rfs', text: texts.amended }, { code: 'rh', text: texts.amendedFrom }) },
];

const first = await (async () => {
  server.reset();
  await writeLlmBrief(provider, 'gpt-4o-mini', cases[0]!.input, noLimit);
  return server.calls[0]!;
})();
console.log(`static prefix (tools + system prompt): ~${Math.round((first.system.length + JSON.stringify(first.body.tools).length) / 4)} tokens per call`);
console.log(`chunk budget ${config().LLM_CHUNK_TOKENS} tokens; output budget ${config().LLM_BRIEF_MAX_TOKENS} tokens per call\n`);
console.log('case            text chars  sections  requests  input tok  output tok  cacheable share');
for (const c of cases) {
  server.reset();
  await writeLlmBrief(provider, 'gpt-4o-mini', c.input, noLimit);
  const briefCalls = server.calls;
  // The cached prefix is the tool definitions plus the system prompt (Anthropic caches tools → system up to cache_control).
  const prefixChars = (call: (typeof briefCalls)[number]) => call.system.length + JSON.stringify(call.body.tools ?? []).length;
  const systemChars = briefCalls.reduce((n, call) => n + prefixChars(call), 0);
  const allChars = briefCalls.reduce((n, call) => n + prefixChars(call) + call.user.length, 0);
  // Output estimate: the size of the structured brief each call returned (the local model answers like a real one).
  const outputTokens =
    briefCalls.length *
    estimateTokens(
      JSON.stringify({
        summary: 'x'.repeat(400),
        points: Array.from({ length: 8 }, () => ({ text: 'x'.repeat(160), label: 'cited_fact', citation: { section: 'Sec. 1', quote: 'x'.repeat(160) } })),
        topic_tags: ['health'],
      }),
    );
  // +1 request: the one-shot classification after every brief.
  const row = [
    c.name.padEnd(15),
    String(c.input.text.length).padStart(10),
    String(c.input.sections.length).padStart(9),
    String(briefCalls.length + 1).padStart(9),
    String(Math.round(allChars / 4)).padStart(10),
    String(outputTokens).padStart(11),
    `${((systemChars / allChars) * 100).toFixed(1)}%`.padStart(16),
  ];
  console.log(row.join(' '));
}
console.log(
  '\nrequests include the classification call. The cacheable share is the static prefix (tool definitions + system prompt) over the whole prompt; Anthropic caches it with cache_control ephemeral, OpenAI caches prefixes of 1024 tokens or more automatically.',
);
await server.close();
