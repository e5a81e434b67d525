/**
 * A local ntfy-like push server for tests: records every request (method,
 * path, headers, body) and answers 200, or the status a test sets per topic.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedPush {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface PushServer {
  url: string;
  requests: RecordedPush[];
  /** Makes requests whose path ends in `/{topic}` (or JSON bodies naming it) answer `status`. */
  failTopic(topic: string, status: number): void;
  healTopic(topic: string): void;
  close(): Promise<void>;
}

export async function startPushServer(): Promise<PushServer> {
  const requests: RecordedPush[] = [];
  const failing = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      let topic = path.split('/').pop() ?? '';
      if (!topic && body.startsWith('{')) topic = String((JSON.parse(body) as { topic?: string }).topic ?? '');
      const status = failing.get(topic) ?? 200;
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(status === 200 ? JSON.stringify({ id: String(requests.length), event: 'message', topic }) : JSON.stringify({ error: 'forbidden by test' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failTopic: (topic, status) => void failing.set(topic, status),
    healTopic: (topic) => void failing.delete(topic),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
