/**
 * cdk-nag findings accepted by design, recorded where the resource is made:
 * each call names the rule, the construct it applies to (and everything under
 * it) and the reason. Findings of rules that report one finding per wildcard
 * (IAM5, IAM4) are acknowledged one finding at a time, never the whole rule,
 * so a new wildcard still fails test/infra/nag.test.ts.
 */
import { Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** Acknowledges `rule` on `scope`, or only the listed findings of it (cdk-nag's `Rule[finding]` ids). */
export function acknowledge(scope: IConstruct, rule: string, reason: string, findings?: readonly string[]): void {
  const ids = findings ? findings.map((f) => `${rule}[${f}]`) : [rule];
  Validations.of(scope).acknowledge(...ids.map((id) => ({ id, reason })));
}

/** The IAM5 finding of a wildcard on a resource's ARN, as cdk-nag spells it: `Resource::<LogicalId.Arn>suffix`. */
export function arnWildcard(resource: IConstruct, suffix: string): string {
  const element = (resource.node.defaultChild ?? resource) as CfnElement;
  return `Resource::<${Stack.of(resource).getLogicalId(element)}.Arn>${suffix}`;
}
