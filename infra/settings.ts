/**
 * The deployment's settings, read from CDK context (`-c stage=prod`, cdk.json)
 * and parsed once with zod, so a bad value fails synth with a message naming
 * the context key instead of producing a half-configured stack.
 */
import { z } from 'zod';

const list = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (typeof v === 'string' ? v.split(',') : (v ?? [])).map((s) => s.trim()).filter(Boolean));
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).optional();

export const StackSettings = z
  .object({
    stage: z.enum(['dev', 'prod']).default('dev'),
    corsOrigins: list,
    /** CloudFront + WAF in front of the HTTP API; on by default in prod. */
    edge: flag,
    alarmEmail: z.email({ error: 'alarmEmail must be an email address' }).optional(),
    /** The public base URL (links in emails, push Click headers); defaults to the distribution or API URL. */
    publicUrl: z.url({ error: 'publicUrl must be an absolute URL' }).optional(),
    /** SES identity (domain or address) email is sent from; scopes ses:SendEmail to it. */
    sesIdentity: optionalText,
    /** A WAFv2 CLOUDFRONT WebACL ARN made in us-east-1, needed when the stack lives in another region. */
    webAclArn: optionalText,
    /** Extra non-secret environment for every function (LLM_PROVIDER, SMTP_HOST, SMTP_FROM, …). */
    functionEnv: z
      .union([z.string(), z.record(z.string(), z.string())])
      .optional()
      .transform((v) => (typeof v === 'string' ? z.record(z.string(), z.string()).parse(JSON.parse(v)) : (v ?? {}))),
    account: z.string().default('000000000000'),
    region: z.string().default('us-east-1'),
  })
  .transform((s) => ({
    ...s,
    edge: s.edge === undefined ? s.stage === 'prod' : s.edge === true || s.edge === 'true' || s.edge === '1',
  }));
export type StackSettings = z.infer<typeof StackSettings>;

export const CONTEXT_KEYS = ['stage', 'corsOrigins', 'edge', 'alarmEmail', 'publicUrl', 'sesIdentity', 'webAclArn', 'functionEnv'] as const;

/** Parses the settings from a context getter; account and region fall back to the CLI's defaults, then placeholders (synth needs no credentials). */
export function readSettings(context: (key: string) => unknown, env: NodeJS.ProcessEnv = process.env): StackSettings {
  const raw: Record<string, unknown> = {
    account: env.CDK_DEPLOY_ACCOUNT ?? env.CDK_DEFAULT_ACCOUNT,
    region: env.CDK_DEPLOY_REGION ?? env.CDK_DEFAULT_REGION,
  };
  for (const key of CONTEXT_KEYS) raw[key] = context(key);
  const parsed = StackSettings.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - context ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`Invalid CDK context:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The stack's name for a stage: BillWatch-dev, BillWatch-prod. */
export const stackName = (s: Pick<StackSettings, 'stage'>): string => `BillWatch-${s.stage}`;
