/**
 * Builds the BillWatch stack for assertion tests: bundling skipped (context
 * aws:cdk:bundling-stacks = []) and the built-in template validation off, so
 * a synth takes a second or two; stack-synth.test.ts runs both for real. The
 * feature flags of cdk.json apply, so tests see the template `cdk deploy` makes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App, type CfnElement, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { PROJECT_ROOT } from '#infra/function-catalog.ts';
import { StackSettings } from '#infra/settings.ts';
import { BillWatchStack } from '#infra/stack.ts';
import { testWebDist } from './support/web-dist.ts';

export const ROOT = PROJECT_ROOT;

/** The feature flags of cdk.json (its context without the deployment settings, which tests pass themselves). */
export function featureFlags(): Record<string, unknown> {
  const { context } = JSON.parse(readFileSync(path.join(ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  return Object.fromEntries(Object.entries(context).filter(([key]) => key.startsWith('@aws-cdk')));
}

export interface SynthResult {
  stack: BillWatchStack;
  template: Template;
  /** The CloudFormation logical id of a construct's main resource. */
  idOf: (construct: IConstruct) => string;
}

/** Synthesizes the stack for the given context values. */
export function synthStack(context: Record<string, unknown>, options: { bundle?: boolean; validate?: boolean } = {}): SynthResult {
  const app = new App({
    context: { ...featureFlags(), ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }) },
    builtinCloudFormationValidation: options.validate ?? false,
  });
  const settings = StackSettings.parse({ account: '123456789012', region: 'us-east-1', ...context });
  const stack = new BillWatchStack(app, `BillWatch-${settings.stage}`, { settings, projectRoot: ROOT, webDistDir: testWebDist() });
  return { stack, template: Template.fromStack(stack), idOf: (c) => logicalIdOf(stack, c) };
}

/** The logical id of a construct, or of its default child (L2 constructs). */
export function logicalIdOf(stack: Stack, construct: IConstruct): string {
  const element = (construct.node.defaultChild ?? construct) as CfnElement;
  return stack.getLogicalId(element);
}

type Resource = { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string; UpdateReplacePolicy?: string };

/** Every resource of a type, as [logicalId, resource]. */
export function resourcesOf(template: Template, type: string): Array<[string, Resource]> {
  return Object.entries(template.findResources(type)) as Array<[string, Resource]>;
}

/**
 * Whether a resource belongs to the Lambda aws-cdk-lib's BucketDeployment makes to copy the web app into its
 * bucket at deploy time (infra/constructs/web-app.ts): the library's, not one of the catalog's functions.
 */
export const isWebDeploymentHelper = (logicalId: string): boolean => logicalId.startsWith('CustomCDKBucketDeployment');

/** Every IAM-style policy statement in the template, with where it came from. */
export function allStatements(template: Template): Array<{ from: string; statement: Record<string, unknown> }> {
  const out: Array<{ from: string; statement: Record<string, unknown> }> = [];
  const collect = (from: string, doc: unknown) => {
    const statements = (doc as { Statement?: unknown[] } | undefined)?.Statement ?? [];
    for (const s of statements) out.push({ from, statement: s as Record<string, unknown> });
  };
  for (const [id, r] of Object.entries(template.toJSON().Resources as Record<string, Resource>)) {
    const p = r.Properties ?? {};
    if ('PolicyDocument' in p) collect(id, p.PolicyDocument);
    if ('AssumeRolePolicyDocument' in p) collect(`${id} (trust)`, p.AssumeRolePolicyDocument);
    for (const inline of (p.Policies as Array<{ PolicyDocument: unknown }> | undefined) ?? []) collect(id, inline.PolicyDocument);
  }
  return out;
}
