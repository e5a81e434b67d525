import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { resetClients } from '#shared/platform/aws-clients.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { sendEmail, smtpOptions } from '#shared/adapters/providers/channels/email-sender.ts';

const base = { SMTP_HOST: 'smtp.example.org', SMTP_USER: 'u', SMTP_PASSWORD: 'p' };

describe('SMTP options', () => {
  it('uses implicit TLS on port 465', () => {
    expect(smtpOptions({ ...base, SMTP_PORT: 465, SMTP_STARTTLS: true })).toMatchObject({ port: 465, secure: true, requireTLS: false, ignoreTLS: false });
  });

  it('requires STARTTLS on other ports, or skips TLS when SMTP_STARTTLS is off (local sinks)', () => {
    expect(smtpOptions({ ...base, SMTP_PORT: 587, SMTP_STARTTLS: true })).toMatchObject({
      secure: false,
      requireTLS: true,
      ignoreTLS: false,
      auth: { user: 'u', pass: 'p' },
    });
    expect(smtpOptions({ ...base, SMTP_USER: undefined, SMTP_PORT: 1025, SMTP_STARTTLS: false })).toMatchObject({
      secure: false,
      requireTLS: false,
      ignoreTLS: true,
      auth: undefined,
    });
  });
});

describe('SES delivery', () => {
  const ses = mockClient(SESv2Client);
  afterEach(() => {
    ses.reset();
    resetConfig();
    resetClients();
  });

  it('sends raw MIME through SESv2 when no SMTP host is set, keeping the List-Unsubscribe headers', async () => {
    delete process.env.SMTP_HOST;
    resetConfig();
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-1' });
    const sent = await sendEmail({
      from: 'BillWatch <alerts@example.org>',
      to: 'a@example.org',
      subject: 'Bill Updated: HR 1',
      text: 'body',
      headers: {
        'List-Unsubscribe': '<https://x.example/u/t>, <mailto:alerts@example.org?subject=unsubscribe>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    expect(sent).toEqual({ via: 'ses', messageId: 'ses-1' });
    const input = ses.commandCalls(SendEmailCommand)[0]?.args[0].input;
    expect(input?.Destination?.ToAddresses).toEqual(['a@example.org']);
    const mail = await simpleParser(Buffer.from(input?.Content?.Raw?.Data ?? new Uint8Array()));
    expect(mail.subject).toBe('Bill Updated: HR 1');
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });
});
