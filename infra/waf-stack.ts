/**
 * The edge WAF on its own, for deployments whose main stack is not in
 * us-east-1 (CLOUDFRONT-scope WebACLs exist only there): deploy this first,
 * then pass its WebAclArn output to the main stack as `-c webAclArn=…`.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { RateLimitWebAcl } from './constructs/rate-limit-web-acl.ts';
import { EDGE_WAF_REGION, authRateLimitedPaths } from './stack.ts';

export class EdgeWafStack extends Stack {
  constructor(scope: Construct, id: string, props: StackProps & { account: string }) {
    super(scope, id, { ...props, env: { account: props.account, region: EDGE_WAF_REGION } });
    const acl = new RateLimitWebAcl(this, 'EdgeWaf', { paths: authRateLimitedPaths() });
    new CfnOutput(this, 'WebAclArn', { value: acl.arn, description: 'Pass to the main stack as -c webAclArn=…' });
  }
}
