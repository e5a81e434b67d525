/**
 * The secret bundle every function loads at cold start (shared/platform/bootstrap.ts):
 * one JSON object in Secrets Manager. JWT_SECRET_KEY and ENCRYPTION_SECRET_KEY
 * are generated at deploy; the provider keys and the SMTP password start empty
 * for operators to fill in (docs/deploy.md, "Deploy").
 */
import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from './nag.ts';

/** Keys operators fill in after the first deploy; empty means "not configured". */
export const OPERATOR_SECRET_KEYS = [
  'CONGRESS_API_KEY',
  'GOVINFO_API_KEY',
  'NEWS_API_KEY',
  'SEARCH_TRENDS_API_KEY',
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'GEMINI_API_KEY',
  'SMTP_PASSWORD',
] as const;

/** Long enough for HS256 (config requires 32 bytes) with room to spare; no punctuation, so it survives shells and JSON. */
const GENERATED_LENGTH = 64;

export class SecretBundle extends Construct {
  readonly secret: Secret;

  constructor(scope: Construct, id: string, props: { stage: 'dev' | 'prod' }) {
    super(scope, id);
    const removalPolicy = props.stage === 'dev' ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;
    // Secrets Manager generates one key per secret, so the encryption key is generated in its
    // own secret and copied into the bundle with a CloudFormation dynamic reference.
    const encryptionKey = new Secret(this, 'EncryptionKey', {
      description: 'Generated ENCRYPTION_SECRET_KEY, copied into the bundle at deploy',
      generateSecretString: { passwordLength: GENERATED_LENGTH, excludePunctuation: true },
      removalPolicy,
    });
    const template: Record<string, string> = {
      ENCRYPTION_SECRET_KEY: encryptionKey.secretValue.unsafeUnwrap(),
      ...Object.fromEntries(OPERATOR_SECRET_KEYS.map((k) => [k, ''])),
    };
    this.secret = new Secret(this, 'Bundle', {
      description: 'BillWatch secret bundle: JWT and encryption keys, provider API keys, SMTP password',
      generateSecretString: {
        secretStringTemplate: Stack.of(this).toJsonString(template),
        generateStringKey: 'JWT_SECRET_KEY',
        passwordLength: GENERATED_LENGTH,
        excludePunctuation: true,
      },
      removalPolicy,
    });
    acknowledge(
      this.secret,
      'AwsSolutions-SMG4',
      'Not rotated automatically: rotating JWT_SECRET_KEY signs everyone out and the provider keys are issued by third parties; rotation is a runbook (docs/runbooks.md, "Rotate the JWT secret")',
    );
    acknowledge(encryptionKey, 'AwsSolutions-SMG4', 'Never rotated automatically: stored push passwords are sealed with this key and would become unreadable');
  }
}
