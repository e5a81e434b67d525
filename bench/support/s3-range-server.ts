/**
 * A local stand-in for S3's GetObject with a Range header, serving files
 * from disk (fauxqs keeps objects in memory: an 800 MB index would be copied
 * into it), for the cold-start bench and the lazy file's tests. Path-style
 * URLs (/bucket/key) map to `files[key]`; a listing (ListObjectsV2) is empty. It can play Lambda's S3 as the
 * bench models it (docs/search.md): a first-byte latency per
 * GET, a throughput cap per stream and one for all streams together, shared
 * fairly by the streams sending at the time. It can also fail GETs, to test
 * that a failed read is an error.
 */
import { fork } from 'node:child_process';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** Lambda's S3 as modelled: zero everywhere is this machine's raw speed. */
export interface S3Model {
  /** Time to first byte of each GET. */
  firstByteMs: number;
  /** Bytes per second of one GET's stream; 0 is unbounded. */
  streamBytesPerSec: number;
  /** Bytes per second of all GETs together (the container's network); 0 is unbounded. */
  totalBytesPerSec: number;
}

export const RAW: S3Model = { firstByteMs: 0, streamBytesPerSec: 0, totalBytesPerSec: 0 };

export interface RangeServer {
  endpoint: string;
  /** GETs served, and the bytes they sent. */
  stats: { gets: number; bytes: number };
  /** While this returns true for a GET's byte range, the GET fails with a 500. */
  failWhen: (start: number, end: number) => boolean;
  stop(): Promise<void>;
}

/** Bytes sent at a time when a cap applies (without one, a GET's bytes go in one write). */
const SLICE = 256 * 1024;
const pause = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

export async function startRangeServer(files: Record<string, string>, model: S3Model = RAW): Promise<RangeServer> {
  let sending = 0;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const [pathPart = '', query = ''] = (req.url ?? '').split('?');
      const key = decodeURIComponent(pathPart.split('/').slice(2).join('/'));
      if (req.method === 'GET' && key === '' && query.includes('list-type=2')) {
        // ListObjectsV2 (a reader lists the change sets after the snapshot): these files have none.
        await pause(model.firstByteMs);
        res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end('<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>');
        return;
      }
      const path = files[key];
      if (req.method !== 'GET' || !path) {
        res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
        return;
      }
      const size = statSync(path).size;
      const m = /^bytes=(\d+)-(\d*)$/u.exec(req.headers.range ?? '');
      const start = m ? Number(m[1]) : 0;
      const end = Math.min(m?.[2] ? Number(m[2]) : size - 1, size - 1);
      if (running.failWhen(start, end)) {
        res.writeHead(500, { 'content-type': 'application/xml' }).end('<Error><Code>InternalError</Code></Error>');
        return;
      }
      await pause(model.firstByteMs);
      res.writeHead(m ? 206 : 200, {
        'content-length': String(end - start + 1),
        'content-type': 'application/octet-stream',
        ...(m ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
      });
      running.stats.gets++;
      sending++;
      const fd = openSync(path, 'r');
      try {
        const began = performance.now();
        let sent = 0;
        const capped = model.streamBytesPerSec > 0 || model.totalBytesPerSec > 0;
        const slice = capped ? SLICE : end - start + 1;
        for (let at = start; at <= end; at += slice) {
          const chunk = Buffer.allocUnsafe(Math.min(slice, end - at + 1));
          readSync(fd, chunk, 0, chunk.length, at);
          if (!res.write(chunk)) await new Promise((ok) => res.once('drain', ok));
          sent += chunk.length;
          running.stats.bytes += chunk.length;
          // This stream's share of the caps: it may have sent `rate * elapsed` bytes by now.
          const rate = Math.min(model.streamBytesPerSec || Infinity, model.totalBytesPerSec ? model.totalBytesPerSec / sending : Infinity);
          if (rate !== Infinity) {
            const ahead = sent / rate - (performance.now() - began) / 1000;
            if (ahead > 0.001) await pause(ahead * 1000);
          }
        }
      } finally {
        closeSync(fd);
        sending--;
      }
      res.end();
    })().catch((err: unknown) => res.destroy(err as Error));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const running: RangeServer = {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stats: { gets: 0, bytes: 0 },
    failWhen: () => false,
    stop: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
  return running;
}

/**
 * The server in a child process of its own, for a caller whose thread blocks while it reads (a
 * lazy file's reader waits in Atomics.wait, so a server in its process could never answer).
 * GETs of bytes from `failFrom` on fail while it is set.
 */
export interface RangeServerProcess {
  endpoint: string;
  stats(): Promise<{ gets: number; bytes: number }>;
  failFrom(byte: number | null): Promise<void>;
  stop(): Promise<void>;
}

type Control = { failFrom: number | null } | { stats: true } | { reset: true };

export async function startRangeServerProcess(files: Record<string, string>, model: S3Model = RAW): Promise<RangeServerProcess> {
  const child = fork(fileURLToPath(import.meta.url), ['serve', JSON.stringify({ files, model })], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const ask = <T>(msg: Control | null): Promise<T> =>
    new Promise((ok) => {
      child.once('message', (m) => ok(m as T));
      if (msg) child.send(msg);
    });
  const { endpoint } = await ask<{ endpoint: string }>(null);
  return {
    endpoint,
    stats: () => ask({ stats: true }),
    failFrom: (byte) => ask({ failFrom: byte }),
    stop: async () => {
      child.kill();
      await new Promise((ok) => child.once('exit', ok));
    },
  };
}

if (process.argv[2] === 'serve' && process.send) {
  const { files, model } = JSON.parse(process.argv[3] ?? '{}') as { files: Record<string, string>; model: S3Model };
  const server = await startRangeServer(files, model);
  let failFrom: number | null = null;
  server.failWhen = (_start, end) => failFrom !== null && end >= failFrom;
  process.on('message', (msg: Control) => {
    if ('failFrom' in msg) failFrom = msg.failFrom;
    process.send?.('stats' in msg ? server.stats : 'ok');
  });
  process.send({ endpoint: server.endpoint });
}
