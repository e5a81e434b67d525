// The SMTP sink catches mail sent the way the service sends it (nodemailer, no auth, no TLS) into .eml files.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '#local/smtp-sink.ts';

let sink: SmtpSink;
const logs: string[] = [];
beforeAll(async () => {
  sink = await startSmtpSink({ port: 0, mailDir: mkdtempSync(join(tmpdir(), 'billwatch-mail-')), log: (l) => logs.push(l) });
});
afterAll(() => sink.stop());

describe('SMTP sink', () => {
  it('writes each message to an .eml file and logs from, to and subject', async () => {
    const transport = nodemailer.createTransport({ host: sink.host, port: sink.port, secure: false, ignoreTLS: true });
    await transport.sendMail({
      from: 'BillWatch <alerts@localhost>',
      to: 'reader@example.org',
      subject: 'HR 1 passed the House',
      text: 'Unsubscribe: http://x',
    });
    expect(sink.files).toHaveLength(1);
    const raw = readFileSync(sink.files[0] as string, 'utf8');
    expect(raw).toContain('Subject: HR 1 passed the House');
    expect(sink.files[0]).toMatch(/\.eml$/);
    expect(logs.some((l) => l.includes('alerts@localhost') && l.includes('reader@example.org') && l.includes('HR 1 passed the House'))).toBe(true);
  });

  it('falls back to a free port when the asked one is taken', async () => {
    const second = await startSmtpSink({ port: sink.port, mailDir: sink.mailDir, log: (l) => logs.push(l) });
    expect(second.port).not.toBe(sink.port);
    expect(logs.some((l) => l.includes(`port ${sink.port} is taken`))).toBe(true);
    await second.stop();
  });
});
