/**
 * cdk-nag's AwsSolutions and Serverless packs over the synthesized dev and
 * prod stacks (and the variants that add resources: the edge in dev, the
 * alarm email, the SES identity): no finding of either severity may be left
 * unacknowledged, and every acknowledgement sits on a named resource with a
 * reason (infra/constructs/nag.ts), never on the whole stack.
 */
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { synthStack } from './synth-stack.ts';

/** Every unacknowledged finding, as `rule at construct path`. */
function findings(stack: Stack): string[] {
  const out: string[] = [];
  for (const pack of [new AwsSolutionsChecks(), new ServerlessChecks()]) {
    for (const v of pack.validateScope(stack).violations) {
      for (const r of v.violatingResources) out.push(`${v.ruleName} (${v.severity}) at ${r.constructPath}: ${v.description}`);
    }
  }
  return out;
}

/** Every acknowledgement in the tree: where, which rule, why. */
function acknowledgements(root: IConstruct): Array<{ path: string; id: string; reason: string }> {
  const out: Array<{ path: string; id: string; reason: string }> = [];
  for (const c of root.node.findAll()) {
    for (const m of c.node.metadata) {
      if (m.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [id, reason] of Object.entries(m.data as Record<string, string>)) out.push({ path: c.node.path, id, reason });
    }
  }
  return out;
}

const variants: Array<[string, Record<string, unknown>]> = [
  ['dev', { stage: 'dev' }],
  ['dev with the edge', { stage: 'dev', edge: true }],
  ['prod', { stage: 'prod', corsOrigins: 'https://app.example.org' }],
  ['prod outside us-east-1 before its WAF stack exists', { stage: 'prod', region: 'eu-west-1' }],
  ['prod with an alarm email and an SES identity', { stage: 'prod', alarmEmail: 'ops@example.org', sesIdentity: 'example.org' }],
];

const synthesized = new Map<string, Stack>();
const stackOf = (name: string, context: Record<string, unknown>): Stack => {
  let stack = synthesized.get(name);
  if (!stack) synthesized.set(name, (stack = synthStack(context).stack));
  return stack;
};
// A synth plus both packs takes seconds; loaded CI machines need the slack.
const SLOW = 120_000;

describe('cdk-nag', () => {
  it.each(variants)(
    '%s: AwsSolutions and Serverless report nothing unacknowledged',
    (name, context) => {
      expect(findings(stackOf(name, context))).toEqual([]);
    },
    SLOW,
  );

  it(
    'acknowledges only on named resources, each with a reason',
    () => {
      const [name, context] = variants.at(-1)!;
      const stack = stackOf(name, context);
      const acks = acknowledgements(stack);
      expect(acks.length).toBeGreaterThan(0);
      for (const a of acks) {
        expect(a.path, a.id).not.toBe(stack.node.path);
        expect(a.reason.length, `${a.path} ${a.id}`).toBeGreaterThan(40);
        // Wildcard findings are acknowledged one at a time (Rule[finding]), never as a whole rule.
        if (/AwsSolutions-IAM[45]/.test(a.id)) expect(a.id, a.path).toMatch(/\[.+\]$/);
      }
    },
    SLOW,
  );

  it('still reports what is not acknowledged (the packs run and find)', () => {
    const stray = new Stack(new App(), 'Probe', { env: { account: '123456789012', region: 'us-east-1' } });
    // A queue with no DLQ and no TLS-only policy.
    new Queue(stray, 'Q');
    const found = findings(stray).join('\n');
    expect(found).toMatch(/AwsSolutions-SQS3/);
    expect(found).toMatch(/AwsSolutions-SQS4/);
    expect(found).toMatch(/Serverless-SQSRedrivePolicy/);
  });
});
