/**
 * `npm run demo:replay`: asks the running offline local stack (`npm start` in
 * another terminal) to play the demo forward, signed in as an admin (the
 * first account registered on it), and prints each step. Credentials come
 * from BILLWATCH_EMAIL and BILLWATCH_PASSWORD (or --email / --password); with
 * neither, in a terminal, it asks for them. The stack's address: --url, else
 * PUBLIC_URL, else http://localhost:$PORT (3000). --steps N plays only N
 * steps; --step-ms N changes the pause between them. The route answers in
 * time with the steps it played (about 15 s of them), so the command asks
 * again until none is left.
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { DemoReplayResult } from '#shared/domain/demo/demo-replay.schema.ts';

const usage =
  'usage: npm run demo:replay [-- --steps N --step-ms N --url http://localhost:3000]\n' +
  '       signs in as the admin (the first account registered on the local stack): it asks for the email and password,\n' +
  '       or reads BILLWATCH_EMAIL and BILLWATCH_PASSWORD (or --email / --password) when not run in a terminal';

async function post(url: string, body: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

/** Asks for what is missing, the password without echoing it. */
export async function askCredentials(known: { email?: string; password?: string }): Promise<{ email: string; password: string }> {
  let muted = false;
  const output = new Writable({
    write: (chunk: Buffer, _enc, done) => {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  try {
    const email = known.email ?? (await rl.question('Admin email: '));
    process.stdout.write('Password: ');
    muted = true;
    const password = known.password ?? (await rl.question(''));
    muted = false;
    process.stdout.write('\n');
    return { email: email.trim(), password };
  } finally {
    rl.close();
  }
}

/** How the command reads what it is not given: from the terminal when there is one. */
export interface Prompt {
  interactive: boolean;
  ask: typeof askCredentials;
}

const terminal: Prompt = { interactive: Boolean(process.stdin.isTTY), ask: askCredentials };

/** Runs the command; returns the exit code. */
export async function main(args: string[], env: NodeJS.ProcessEnv, out = console.log, err = console.error, prompt: Prompt = terminal): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { url: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' }, steps: { type: 'string' }, 'step-ms': { type: 'string' } },
  });
  let email = values.email ?? env.BILLWATCH_EMAIL;
  let password = values.password ?? env.BILLWATCH_PASSWORD;
  if ((!email || !password) && prompt.interactive) ({ email, password } = await prompt.ask({ email, password }));
  if (!email || !password) return (err(usage), 2);
  const base = (values.url ?? env.PUBLIC_URL ?? `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, '');
  let login;
  try {
    login = await post(`${base}/api/auth/login`, { email, password });
  } catch (e) {
    return (err(`cannot reach the local stack at ${base} (is npm start running? --url names another address): ${(e as Error).message}`), 1);
  }
  const token = login.body.access_token;
  if (login.status !== 200 || typeof token !== 'string') return (err(`sign-in failed (${login.status}): ${String(login.body.detail ?? '')}`), 1);
  let left = values.steps ? Number(values.steps) : undefined;
  out(`replaying the demo on ${base} …`);
  let played = 0;
  for (;;) {
    const request = { ...(left ? { steps: left } : {}), ...(values['step-ms'] ? { step_ms: Number(values['step-ms']) } : {}) };
    const res = await post(`${base}/api/admin/demo/replay`, request, token);
    if (res.status !== 200) return (err(`the replay answered ${res.status}: ${String(res.body.detail ?? JSON.stringify(res.body))}`), 1);
    const result = DemoReplayResult().parse(res.body);
    for (const s of result.played) {
      const what = s.meeting
        ? `meeting ${s.meeting.id} (recorded ${s.action_date}) version ${s.meeting.version}, starting ${s.meeting.starts_at} (demo)`
        : `${s.actions} real action(s) of ${s.action_date}`;
      out(`  ${s.released_at}  ${s.bill_id.padEnd(12)} ${what}`);
    }
    played += result.played.length;
    if (left !== undefined) left -= result.played.length;
    if (result.remaining_steps === 0 || result.played.length === 0 || left === 0) {
      out(
        `played ${played} steps; ${result.remaining_steps} left. Followers of ${result.bills.join(', ')} are notified (history, RSS, .local/mail/, push, webhooks).`,
      );
      return 0;
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main(process.argv.slice(2), process.env);
