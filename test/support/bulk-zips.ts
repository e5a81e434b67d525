/**
 * A stand-in for GovInfo's bulk Bill Status repository: zips built (with
 * yazl) from Bill Status files, served from a local HTTP server at the
 * repository's paths ({base}/BILLSTATUS/{congress}/{type}/BILLSTATUS-{congress}-{type}.zip);
 * a bill type without files answers 404, as GovInfo does. The real
 * repository is not reachable from the tests.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import yazl from 'yazl';

/** One file of a zip: its name inside the zip and its text. */
export interface ZipFileSpec {
  name: string;
  text: string;
}

/** The zip of `files`, deflated. */
export async function buildZip(files: ZipFileSpec[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const f of files) zip.addBuffer(Buffer.from(f.text, 'utf8'), f.name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface BulkStandIn {
  base: string;
  /** Paths requested, in order. */
  served: string[];
  close(): Promise<void>;
}

/** Serves `zips` (by `{congress}/{type}`) at the bulk repository's paths. */
export async function bulkStandIn(zips: Map<string, Buffer>): Promise<BulkStandIn> {
  const served: string[] = [];
  const server: Server = createServer((req, res) => {
    served.push(req.url ?? '');
    const m = /^\/BILLSTATUS\/(\d+)\/([a-z]+)\/BILLSTATUS-\d+-[a-z]+\.zip$/.exec(req.url ?? '');
    const body = m ? zips.get(`${m[1]}/${m[2]}`) : undefined;
    if (!body) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(body.length) }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The Bill Status fixtures grouped into zips by Congress and bill type, each file named as GovInfo names it. */
export function zipsOfFiles(files: { congress: number; type: string; number: number; text: string }[]): Map<string, ZipFileSpec[]> {
  const groups = new Map<string, ZipFileSpec[]>();
  for (const f of files) {
    const key = `${f.congress}/${f.type}`;
    groups.set(key, [...(groups.get(key) ?? []), { name: `BILLSTATUS-${f.congress}${f.type}${f.number}.xml`, text: f.text }]);
  }
  return groups;
}
