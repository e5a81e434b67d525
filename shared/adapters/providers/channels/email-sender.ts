/**
 * Sends email: over SMTP with nodemailer when SMTP_HOST is set (port 465 is
 * implicit TLS, other ports STARTTLS unless SMTP_STARTTLS=0), otherwise with
 * SESv2 SendEmail as raw MIME (built by nodemailer) so the List-Unsubscribe
 * headers go through unchanged. SES replaces the Message-ID, so an email
 * with an identity also carries it as the SES tag `message` through the
 * configuration set, whose Send event records what SES accepted
 * (shared/adapters/db/email-receipts.repository.ts).
 *
 * nodemailer and the SES SDK are imported on first send: the functions that
 * can send mail spend most invocations on push, RSS or no delivery at all.
 */
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { sesSdk, sesv2 } from '#shared/platform/ses-client.ts';
import { config, type Config } from '#shared/platform/config.ts';
import { atSeam } from '#shared/platform/fault-seam.ts';
import type { EmailMessage } from '#shared/domain/notify/email-message.ts';

/** The SES tag an email's identity travels in; infra/constructs/email-receipts.ts routes Send events that carry it. */
export const SES_MESSAGE_TAG = 'message';

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

const nodemailer = async () => (await import('nodemailer')).default;

let smtp: { key: string; transport: Transporter<SMTPTransport.SentMessageInfo> } | undefined;

async function smtpTransport(c: Config) {
  const options = smtpOptions(c);
  const key = JSON.stringify(options);
  if (!smtp || smtp.key !== key) smtp = { key, transport: (await nodemailer()).createTransport(options) };
  return smtp.transport;
}

let mime: Transporter | undefined;

/** What nodemailer is given: the message without the identity, which travels in its Message-ID and SES tag. */
const mailOf = ({ identity: _identity, ...mail }: EmailMessage) => mail;

/** The raw MIME bytes of a message. */
export async function toMime(message: EmailMessage): Promise<Buffer> {
  mime ??= (await nodemailer()).createTransport({ streamTransport: true, buffer: true });
  const info = await mime.sendMail(mailOf(message));
  return info.message as Buffer;
}

/** Sends one email; throws with the server's reason on failure. */
export function sendEmail(message: EmailMessage): Promise<EmailSent> {
  return atSeam('channel', 'email', () => sendEmailNow(message));
}

async function sendEmailNow(message: EmailMessage): Promise<EmailSent> {
  const c = config();
  if (c.SMTP_HOST) {
    const info = await (await smtpTransport(c)).sendMail(mailOf(message));
    return { via: 'smtp', messageId: info.messageId };
  }
  const [client, { SendEmailCommand }] = await Promise.all([sesv2(), sesSdk()]);
  const out = await client.send(
    new SendEmailCommand({
      FromEmailAddress: message.from,
      Destination: { ToAddresses: [message.to] },
      Content: { Raw: { Data: await toMime(message) } },
      ...(c.SES_CONFIGURATION_SET ? { ConfigurationSetName: c.SES_CONFIGURATION_SET } : {}),
      ...(message.identity ? { EmailTags: [{ Name: SES_MESSAGE_TAG, Value: message.identity }] } : {}),
    }),
  );
  return { via: 'ses', messageId: out.MessageId ?? '' };
}
