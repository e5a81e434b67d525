/**
 * Runs Amazon's DynamoDB Local (the jar shipped in the npm package
 * amplify-dynamodb-simulator) on the machine's Java, in memory or with its
 * data under a folder, and waits until it answers.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, portIsFree, waitFor } from './net.ts';
import { PortInUseError } from './port-in-use.ts';

/** A single-file Java program (run from source, no build step) that starts DynamoDB Local on 127.0.0.1 only. */
const LOOPBACK_LAUNCHER = fileURLToPath(new URL('./java/LoopbackDynamoDbLocal.java', import.meta.url));

export interface RunningDynamo {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

/** The emulator folder inside amplify-dynamodb-simulator. */
export function dynamoLocalDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
}

/** Null when a Java 17+ runtime is on PATH, or a sentence saying what is missing. */
export function javaProblem(): string | null {
  const out = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (out.error) return 'Java is not installed: DynamoDB Local needs a Java 17+ runtime on PATH (e.g. apt-get install openjdk-17-jre-headless)';
  const text = `${out.stderr}${out.stdout}`;
  const major = Number(/version "(\d+)/.exec(text)?.[1] ?? 0);
  return major >= 17 ? null : `Java ${major || 'of unknown version'} found; DynamoDB Local here needs Java 17 or newer`;
}

export async function startDynamoDbLocal(options: { port?: number; dbPath?: string } = {}): Promise<RunningDynamo> {
  const problem = javaProblem();
  if (problem) throw new Error(problem);
  // A free port can be taken between choosing it and Java binding it: choose again, a few times.
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    // A port asked for and taken fails here, before a JVM starts (a probe could even reach the other program).
    if (options.port !== undefined && !(await portIsFree(port))) throw new PortInUseError(port, '127.0.0.1', DYNAMO_LISTENER);
    try {
      return await launch(port, options.dbPath);
    } catch (err) {
      if (!(err instanceof PortInUseError) || options.port !== undefined || attempt >= 3) throw err;
    }
  }
}

const DYNAMO_LISTENER = { what: 'DynamoDB Local', remedy: 'let it pick a free port (no port option)' };

/** Java's words for a port it could not bind. */
const BIND_FAILURE = /BindException|Address already in use/;

async function launch(port: number, dbPath: string | undefined): Promise<RunningDynamo> {
  const dir = dynamoLocalDir();
  const args = [
    // C1-only JIT and the serial GC start the JVM several times faster on a busy
    // 2-core machine (about 3 s instead of 10-20 s); an emulator needs no peak throughput.
    '-XX:TieredStopAtLevel=1',
    '-XX:+UseSerialGC',
    `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
    '-cp',
    [join(dir, 'DynamoDBLocal.jar'), join(dir, 'DynamoDBLocal_lib', '*')].join(delimiter),
    // DynamoDB Local binds every interface and has no option for it: this launcher binds 127.0.0.1.
    LOOPBACK_LAUNCHER,
    '-port',
    String(port),
    '-sharedDb',
    // No telemetry: it phones home (no network here) and writes dynamodb-local-metadata.json into the working folder.
    '-disableTelemetry',
    ...(dbPath ? ['-dbPath', resolve(dbPath)] : ['-inMemory']),
  ];
  const child = spawnTiedToParent('java', args);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitFor(async () => {
      if (child.exitCode !== null) {
        // A taken port is one sentence, not Java's stack trace.
        if (BIND_FAILURE.test(output)) throw new PortInUseError(port, '127.0.0.1', DYNAMO_LISTENER);
        throw new Error(`DynamoDB Local exited: ${output.trim()}`);
      }
      // Any HTTP answer (DynamoDB Local returns 400 to a bare GET) means it is listening.
      await fetch(endpoint);
    }, 30_000);
  } catch (err) {
    killGroup(child);
    throw err;
  }
  return {
    endpoint,
    port,
    async stop() {
      if (child.exitCode !== null) return;
      // Closing the lifeline makes the wrapper stop Java (SIGTERM); the group kill is the fallback.
      child.stdin?.end();
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) killGroup(child);
    },
  };
}

// A shell between Node and Java whose stdin is a pipe from this process: when the pipe
// closes (stop(), or this process dying, even by SIGKILL) the shell stops Java, so no
// JVM outlives the stack and keeps holding the data folder and the port.
const LIFELINE = 'exec 3<&0; "$0" "$@" </dev/null & J=$!; (read _ <&3; kill $J 2>/dev/null) & wait $J';

// DynamoDB Local writes dynamodb-local-metadata.json into its working folder even with
// telemetry off, so it runs in its own folder, never the repository's.
const QUIET = { cwd: tmpdir(), env: { ...process.env, DDB_LOCAL_TELEMETRY: '0' } };

function spawnTiedToParent(command: string, args: string[]): ChildProcess {
  if (process.platform === 'win32') return spawn(command, args, { ...QUIET, stdio: ['pipe', 'pipe', 'pipe'] });
  // Its own process group: a terminal's Ctrl-C reaches Node, which then stops Java in order.
  return spawn('sh', ['-c', LIFELINE, command, ...args], { ...QUIET, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
}

function killGroup(child: ChildProcess): void {
  try {
    if (process.platform !== 'win32' && child.pid) process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGKILL');
  } catch {
    // Already gone.
  }
}
