/**
 * An in-process SMTP server (smtp-server) that keeps every message it
 * receives, parsed by mailparser, so tests check real SMTP deliveries.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  host: string;
  port: number;
  messages: ParsedMail[];
  /** Sets the environment so the service sends through this sink (plain SMTP, no STARTTLS). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startSmtpSink(options: { user?: string; password?: string } = {}): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: options.user ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !options.user,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    messages,
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTP_STARTTLS: '0',
      SMTP_FROM: 'BillWatch <alerts@billwatch.test>',
      ...(options.user ? { SMTP_USER: options.user, SMTP_PASSWORD: options.password ?? '' } : {}),
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
