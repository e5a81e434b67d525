/**
 * The web app in the stack: its private bucket behind the edge (origin access
 * control), the behaviours that split the one origin between the app and the
 * API, the deep-link fallback (a viewer-request function, never an error
 * mapping that would hide the API's errors), the cache headers of hashed
 * files and of the shell, and the share pages' route to the API.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { appShellFunctionCode, sharePageFunctionCode, WebAppNotBuilt } from '#infra/constructs/web-app.ts';
import { allStatements, resourcesOf, synthStack, type SynthResult } from './synth-stack.ts';
import { App } from 'aws-cdk-lib';
import { StackSettings } from '#infra/settings.ts';
import { BillWatchStack } from '#infra/stack.ts';
import { ROOT } from './synth-stack.ts';
import { APP_CSP } from '#shared/domain/web/content-security.ts';

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';

let withEdge: SynthResult | undefined;
const edge = () => (withEdge ??= synthStack({ stage: 'dev', edge: true }));
const SLOW = 120_000;

type Behavior = { PathPattern?: string; TargetOriginId: string; CachePolicyId: unknown; FunctionAssociations?: Array<{ EventType: string }> };
function distributionConfig(r: SynthResult) {
  const [[, dist] = ['', {}]] = resourcesOf(r.template, 'AWS::CloudFront::Distribution');
  const config = (dist as { Properties: { DistributionConfig: unknown } }).Properties.DistributionConfig as {
    DefaultCacheBehavior: Behavior;
    CacheBehaviors: Behavior[];
    Origins: Array<{ Id: string; S3OriginConfig?: unknown; CustomOriginConfig?: unknown; OriginAccessControlId?: unknown }>;
    CustomErrorResponses?: unknown;
  };
  const originOf = (b: Behavior) => config.Origins.find((o) => o.Id === b.TargetOriginId);
  const behavior = (pattern: string) => config.CacheBehaviors.find((b) => b.PathPattern === pattern);
  return { config, originOf, behavior };
}

/** Runs a CloudFront Function's code on a request URI, as the runtime would. */
function runViewerRequest(code: string, uri: string): string {
  const handler = new Function(`${code}\nreturn handler;`)() as (e: { request: { uri: string } }) => { uri: string };
  return handler({ request: { uri } }).uri;
}

describe('the web app bucket', () => {
  it(
    'is private: every public access blocked, SSL enforced, encrypted, logged, and read only by the distribution through OAC',
    () => {
      const { template } = edge();
      template.hasResourceProperties('AWS::S3::Bucket', {
        BucketEncryption: Match.objectLike({}),
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'web/' }),
      });
      // One for the web app's bucket, one for the bulk snapshot's (/bulk/*).
      template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
      template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
        OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
      });
      const webPolicy = resourcesOf(template, 'AWS::S3::BucketPolicy').find(([id]) => id.startsWith('WebBucket'));
      const statements = (webPolicy?.[1].Properties?.PolicyDocument as { Statement: Array<Record<string, unknown>> }).Statement;
      expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
      const reads = statements.filter((s) => s.Effect === 'Allow');
      expect(reads).toHaveLength(1);
      expect(reads[0]).toMatchObject({ Action: 's3:GetObject', Principal: { Service: 'cloudfront.amazonaws.com' } });
      expect(JSON.stringify(reads[0]?.Condition)).toContain('EdgeDistribution');
    },
    SLOW,
  );

  it('is deployed in two steps: hashed files immutable for a year and kept, then the shell and other files revalidated', () => {
    const { template } = edge();
    const deployments = resourcesOf(template, 'Custom::CDKBucketDeployment').map(([id, r]) => ({ id, p: r.Properties as Record<string, unknown> }));
    const hashed = deployments.find((d) => JSON.stringify(d.p.Include) === '["assets/*"]');
    const shell = deployments.find((d) => JSON.stringify(d.p.Exclude) === '["assets/*"]');
    expect(hashed?.p).toMatchObject({ Prune: false, SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' } });
    expect(shell?.p).toMatchObject({ Prune: true, SystemMetadata: { 'cache-control': 'no-cache' } });
    const shellResource = template.toJSON().Resources[shell!.id] as { DependsOn?: string[] };
    expect(shellResource.DependsOn?.some((d) => d.startsWith('WebHashedFiles'))).toBe(true);
  });

  it('is absent without the edge, and synth says clearly when the app is not built', () => {
    const { template } = synthStack({ stage: 'dev' });
    expect(resourcesOf(template, 'Custom::CDKBucketDeployment')).toHaveLength(0);
    expect(resourcesOf(template, 'AWS::S3::Bucket').some(([id]) => id.startsWith('WebBucket'))).toBe(false);
    const settings = StackSettings.parse({ stage: 'dev', edge: true, account: '123456789012', region: 'us-east-1' });
    expect(() => new BillWatchStack(new App(), 'BillWatch-dev', { settings, projectRoot: ROOT, webDistDir: '/nonexistent/dist' })).toThrow(WebAppNotBuilt);
    expect(() => new BillWatchStack(new App(), 'BillWatch-dev', { settings, projectRoot: ROOT, webDistDir: '/nonexistent/dist' })).toThrow(/npm run web:build/);
  });
});

describe('the distribution', () => {
  it('sends /api/* and /share/* to the API uncached, /assets/* and every other path to the app bucket', () => {
    const { config, originOf, behavior } = distributionConfig(edge());
    expect(originOf(config.DefaultCacheBehavior)?.S3OriginConfig).toBeDefined();
    expect(originOf(config.DefaultCacheBehavior)?.OriginAccessControlId).toBeDefined();
    const api = behavior('/api/*')!;
    expect(originOf(api)?.CustomOriginConfig).toBeDefined();
    expect(api.CachePolicyId).toBe(CACHING_DISABLED);
    expect(api).toMatchObject({ AllowedMethods: expect.arrayContaining(['POST', 'PUT', 'PATCH', 'DELETE']) });
    const share = behavior('/share/*')!;
    expect(share.TargetOriginId).toBe(api.TargetOriginId);
    expect(share.CachePolicyId).toBe(CACHING_DISABLED);
    const assets = behavior('/assets/*')!;
    expect(assets.TargetOriginId).toBe(config.DefaultCacheBehavior.TargetOriginId);
    expect(assets.CachePolicyId).toBe(CACHING_OPTIMIZED);
  });

  it('answers deep links with the shell through a viewer-request function, not by mapping error responses', () => {
    const { config, behavior } = distributionConfig(edge());
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    expect(behavior('/share/*')?.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    expect(behavior('/api/*')?.FunctionAssociations).toBeUndefined();
    edge().template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: appShellFunctionCode(),
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });
    // The shell's policy honours the shell's no-cache: a minimum TTL of 0.
    edge().template.hasResourceProperties('AWS::CloudFront::CachePolicy', { CachePolicyConfig: Match.objectLike({ MinTTL: 0, MaxTTL: 31536000 }) });
  });

  it("gives the app's files the app's Content-Security-Policy and frame protection (issue 32.7), the shell and the assets alike", () => {
    const { config, behavior } = distributionConfig(edge());
    const policyOf = (b: Behavior | undefined) => (b as { ResponseHeadersPolicyId?: { Ref?: string } } | undefined)?.ResponseHeadersPolicyId?.Ref;
    const ref = policyOf(config.DefaultCacheBehavior);
    expect(ref).toBeDefined();
    expect(policyOf(behavior('/assets/*'))).toBe(ref);
    const policy = resourcesOf(edge().template, 'AWS::CloudFront::ResponseHeadersPolicy').find(([id]) => id === ref)?.[1];
    expect(policy?.Properties).toMatchObject({
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: {
          ContentSecurityPolicy: { ContentSecurityPolicy: APP_CSP, Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ContentTypeOptions: { Override: true },
        },
      },
    });
    expect(APP_CSP).toMatch(/script-src 'self'(;|$)/);
    expect(APP_CSP).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('rewrites every page path (the links of notifications among them) to the shell and leaves files alone', () => {
    const code = appShellFunctionCode();
    for (const page of ['/', '/bills/119-hr-1', '/dashboard', '/notifications', '/members/A000360', '/admin/jobs', '/v1.2/x']) {
      expect(runViewerRequest(code, page), page).toBe('/index.html');
    }
    for (const file of ['/assets/index-abc123.js', '/favicon.svg', '/robots.txt']) expect(runViewerRequest(code, file)).toBe(file);
  });

  it('rewrites share links to the API route that writes their preview', () => {
    const code = sharePageFunctionCode();
    expect(runViewerRequest(code, '/share/brief/abc-123')).toBe('/api/share-pages/brief/abc-123');
    expect(runViewerRequest(code, '/share/collection/xyz')).toBe('/api/share-pages/collection/xyz');
    expect(runViewerRequest(code, '/share/other/xyz')).toBe('/share/other/xyz');
  });
});

describe('the share pages function', () => {
  it('lets the functions that serve pages from the app shell (personal for share pages, mcp which runs their routes, notifications for unsubscribe confirmations) read the shell object of the app bucket, that one object only', () => {
    const { template } = edge();
    const reads = allStatements(template).filter(
      ({ statement }) => JSON.stringify(statement.Resource ?? '').includes('WebBucket') && statement.Action === 's3:GetObject',
    );
    const fromFunctions = reads.filter(({ from }) => from.startsWith('Functions'));
    expect(fromFunctions.map(({ from }) => from.replace(/^Functions(Api[A-Z][a-z]+).*$/, '$1')).sort()).toEqual(['ApiMcp', 'ApiNotifications', 'ApiPersonal']);
    for (const { statement } of fromFunctions) expect(JSON.stringify(statement.Resource)).toContain('/index.html');
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ WEB_BUCKET_NAME: Match.anyValue() }) },
    });
  });
});
