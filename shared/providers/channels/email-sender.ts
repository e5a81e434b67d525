/**
 * Sends email: over SMTP with nodemailer when SMTP_HOST is set (port 465 is
 * implicit TLS, other ports STARTTLS unless SMTP_STARTTLS=0), otherwise with
 * SESv2 SendEmail as raw MIME (built by nodemailer) so the List-Unsubscribe
 * headers go through unchanged.
 */
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { sesv2 } from '#shared/platform/aws-clients.ts';
import { config, type Config } from '#shared/platform/config.ts';
import type { EmailMessage } from '#shared/domain/notify/email-message.ts';

export interface EmailSent {
  via: 'smtp' | 'ses';
  messageId: string;
}

/** nodemailer's SMTP options for the configuration. */
export function smtpOptions(c: Pick<Config, 'SMTP_HOST' | 'SMTP_PORT' | 'SMTP_USER' | 'SMTP_PASSWORD' | 'SMTP_STARTTLS'>): SMTPTransport.Options {
  const implicitTls = c.SMTP_PORT === 465;
  return {
    host: c.SMTP_HOST,
    port: c.SMTP_PORT,
    secure: implicitTls,
    requireTLS: !implicitTls && c.SMTP_STARTTLS,
    ignoreTLS: !implicitTls && !c.SMTP_STARTTLS,
    auth: c.SMTP_USER ? { user: c.SMTP_USER, pass: c.SMTP_PASSWORD ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
}

let smtp: { key: string; transport: Transporter<SMTPTransport.SentMessageInfo> } | undefined;

function smtpTransport(c: Config) {
  const options = smtpOptions(c);
  const key = JSON.stringify(options);
  if (!smtp || smtp.key !== key) smtp = { key, transport: nodemailer.createTransport(options) };
  return smtp.transport;
}

const mime = nodemailer.createTransport({ streamTransport: true, buffer: true });

/** The raw MIME bytes of a message. */
export async function toMime(message: EmailMessage): Promise<Buffer> {
  const info = await mime.sendMail(message);
  return info.message as Buffer;
}

/** Sends one email; throws with the server's reason on failure. */
export async function sendEmail(message: EmailMessage): Promise<EmailSent> {
  const c = config();
  if (c.SMTP_HOST) {
    const info = await smtpTransport(c).sendMail(message);
    return { via: 'smtp', messageId: info.messageId };
  }
  const out = await sesv2().send(
    new SendEmailCommand({
      FromEmailAddress: message.from,
      Destination: { ToAddresses: [message.to] },
      Content: { Raw: { Data: await toMime(message) } },
    }),
  );
  return { via: 'ses', messageId: out.MessageId ?? '' };
}
