/**
 * The proxy rate limit against password guessing and mass sign-ups: an AWS
 * WAF rate-based rule of 20 requests per minute per client IP on the login
 * and register paths, with a 429 and the API's error shape. WAF cannot attach
 * to an HTTP API, so this WebACL (scope CLOUDFRONT, which AWS only accepts in
 * us-east-1) guards the CloudFront distribution in front of it. It is the
 * first line, per full address: WAF runs before any edge function, so it
 * cannot count a /64 here. The /64 count is the regional WebACL of
 * ./client-net-web-acl.ts on the REST API those paths pass through
 * (./auth-proxy.ts), keyed on the header the edge function writes
 * (docs/edge-rate-limit.md). Both match the paths as sent, so a rule ahead of
 * them refuses other spellings of those paths (percent-encoded, doubled
 * slashes, dot segments) that would slip past both.
 */
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/** Requests per client IP per evaluation window, and that window (WAF's shortest is 60 s). */
export const PROXY_LIMIT = { limit: 20, windowSeconds: 60 } as const;

const BLOCK_BODY_KEY = 'too-many-requests';
const ODD_PATH_BODY_KEY = 'auth-path-spelled-otherwise';

/** The 429 body of the proxy limit, the API's error shape; both WebACLs answer with it. */
export const RATE_LIMITED_BODY: CfnWebACL.CustomResponseBodyProperty = {
  contentType: 'APPLICATION_JSON',
  content: JSON.stringify({ detail: 'Too many requests from this address; try again in a minute', code: 'rate_limited.proxy' }),
};

/** A statement matching requests whose URI path starts with one of `paths` (so a trailing slash is covered), after `transforms`. */
export function pathsStatement(paths: readonly string[], transforms: readonly string[] = ['NONE']): CfnWebACL.StatementProperty {
  if (paths.length === 0) throw new Error('A WAF rate limit needs at least one path to limit');
  const match = (path: string): CfnWebACL.StatementProperty => ({
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: 'STARTS_WITH',
      searchString: path,
      textTransformations: transforms.map((type, priority) => ({ priority, type })),
    },
  });
  const [first] = paths;
  return paths.length === 1 && first ? match(first) : { orStatement: { statements: paths.map(match) } };
}

/** CloudWatch metrics and sampled requests under `metricName`. */
export const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

export interface RateLimitWebAclProps {
  /** URI paths the limit applies to (matched as prefixes, so a trailing slash is covered). */
  paths: readonly string[];
}

export class RateLimitWebAcl extends Construct {
  readonly acl: CfnWebACL;

  constructor(scope: Construct, id: string, props: RateLimitWebAclProps) {
    super(scope, id);
    const scopeDown = pathsStatement(props.paths);

    this.acl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'BillWatch: 20 requests per minute per IP on login and register',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('billwatch-edge'),
      customResponseBodies: {
        [BLOCK_BODY_KEY]: RATE_LIMITED_BODY,
        [ODD_PATH_BODY_KEY]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({
            detail: 'Send this path as the API documents it, without percent-encoded letters, doubled slashes or dot segments',
            code: 'edge.path_not_canonical',
          }),
        },
      },
      rules: [
        {
          // An auth path spelled otherwise (%6cogin, //, /./) would miss the auth behaviours and both rate rules, which
          // match the path as sent, and could still be routed to the route by API Gateway: refused here instead.
          name: 'auth-path-spelled-otherwise',
          priority: 0,
          statement: {
            andStatement: {
              statements: [pathsStatement(props.paths, ['URL_DECODE', 'NORMALIZE_PATH']), { notStatement: { statement: scopeDown } }],
            },
          },
          action: { block: { customResponse: { responseCode: 400, customResponseBodyKey: ODD_PATH_BODY_KEY } } },
          visibilityConfig: visibility('billwatch-auth-path-spelled-otherwise'),
        },
        {
          name: 'auth-rate-limit',
          priority: 1,
          statement: {
            rateBasedStatement: {
              limit: PROXY_LIMIT.limit,
              evaluationWindowSec: PROXY_LIMIT.windowSeconds,
              aggregateKeyType: 'IP',
              scopeDownStatement: scopeDown,
            },
          },
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: BLOCK_BODY_KEY } } },
          visibilityConfig: visibility('billwatch-auth-rate-limit'),
        },
      ],
    });
  }

  get arn(): string {
    return this.acl.attrArn;
  }
}
