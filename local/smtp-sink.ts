/**
 * The local SMTP sink: accepts any mail without auth or TLS (the local stack
 * sets SMTP_STARTTLS=0), writes each message to <mailDir>/<timestamp>-<id>.eml
 * and logs one line with from, to and subject, so email notifications can be
 * read locally instead of being sent.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  host: string;
  port: number;
  mailDir: string;
  /** Files written so far (tests). */
  readonly files: string[];
  stop(): Promise<void>;
}

const addresses = (a: AddressObject | AddressObject[] | undefined) => (Array.isArray(a) ? a.map((x) => x.text).join(', ') : (a?.text ?? ''));

function listen(server: SMTPServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.removeListener('error', reject);
      resolve((server.server.address() as AddressInfo).port);
    });
  });
}

/** Starts the sink on `port`; when it is taken, on a free port instead (said in the log). */
export async function startSmtpSink(options: { port: number; mailDir: string; log: (line: string) => void }): Promise<SmtpSink> {
  mkdirSync(options.mailDir, { recursive: true });
  const files: string[] = [];
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Any credentials are fine: this sink exists to catch mail, not to guard it.
      onAuth: (_auth, _session, callback) => callback(null, { user: 'local' }),
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          const file = join(options.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
          writeFileSync(file, raw);
          files.push(file);
          simpleParser(raw)
            .then((mail) => {
              const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
              const from = mail.from?.text || envelopeFrom;
              const to = addresses(mail.to) || session.envelope.rcptTo.map((r) => r.address).join(', ');
              options.log(`mail: ${from} → ${to}: ${mail.subject ?? '(no subject)'} (${file})`);
            })
            .catch(() => options.log(`mail: received an unparseable message (${file})`))
            .finally(() => callback());
        });
      },
    });
  let server = make();
  let port: number;
  try {
    port = await listen(server, options.port);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    server = make();
    port = await listen(server, 0);
    options.log(`smtp: port ${options.port} is taken; the sink listens on ${port} instead`);
  }
  return {
    host: '127.0.0.1',
    port,
    mailDir: options.mailDir,
    files,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
