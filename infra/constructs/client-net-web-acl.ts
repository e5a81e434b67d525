/**
 * The proxy rate limit counted per client network: a REGIONAL WebACL on the
 * REST API stage that the login and register paths pass through
 * (./auth-proxy.ts), with the limit, window and 429 body of the CLOUDFRONT
 * rule (./rate-limit-web-acl.ts) but aggregated on x-billwatch-client-net,
 * which the edge function (./client-net-function.ts) writes after the edge WAF
 * has run: an IPv4 address, or an IPv6 client's /64, so a /64 rotating its
 * addresses shares one counter. A request without that header did not come
 * through those behaviours (the function writes it on every one), so it is
 * blocked rather than counted: rate-based rules skip requests that lack their
 * key, and the functions would refuse it anyway without the origin secret.
 */
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { CLIENT_NET_HEADER } from './client-net-function.ts';
import { PROXY_LIMIT, RATE_LIMITED_BODY, pathsStatement, visibility } from './rate-limit-web-acl.ts';

const RATE_LIMITED_KEY = 'too-many-requests';
const NOT_FROM_EDGE_KEY = 'not-from-edge';

/** The 403 of a request that bypassed the edge, as the functions answer it (shared/edges/http/origin-guard.ts). */
const NOT_FROM_EDGE_BODY: CfnWebACL.CustomResponseBodyProperty = {
  contentType: 'APPLICATION_JSON',
  content: JSON.stringify({ detail: "Send requests to the service's public URL", code: 'edge.direct_access' }),
};

export interface ClientNetWebAclProps {
  /** URI paths the limit applies to, as the viewer sends them (matched as prefixes). */
  paths: readonly string[];
  /** The REST API stage's name: WAF may see the path with it in front, so both spellings are matched. */
  stageName: string;
  /** The stage to protect (`arn:…:apigateway:<region>::/restapis/<id>/stages/<name>`). */
  stageArn: string;
}

export class ClientNetWebAcl extends Construct {
  readonly acl: CfnWebACL;

  constructor(scope: Construct, id: string, props: ClientNetWebAclProps) {
    super(scope, id);
    const headerPresent: CfnWebACL.StatementProperty = {
      sizeConstraintStatement: {
        fieldToMatch: { singleHeader: { Name: CLIENT_NET_HEADER } },
        comparisonOperator: 'GT',
        size: 0,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    };
    this.acl = new CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      description: 'BillWatch: 20 requests per minute per client network, IPv4 address or IPv6 /64, on login and register',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('billwatch-auth-proxy'),
      customResponseBodies: { [RATE_LIMITED_KEY]: RATE_LIMITED_BODY, [NOT_FROM_EDGE_KEY]: NOT_FROM_EDGE_BODY },
      rules: [
        {
          name: 'not-from-edge',
          priority: 0,
          statement: { notStatement: { statement: headerPresent } },
          action: { block: { customResponse: { responseCode: 403, customResponseBodyKey: NOT_FROM_EDGE_KEY } } },
          visibilityConfig: visibility('billwatch-auth-proxy-not-from-edge'),
        },
        {
          name: 'auth-rate-limit-per-network',
          priority: 1,
          statement: {
            rateBasedStatement: {
              limit: PROXY_LIMIT.limit,
              evaluationWindowSec: PROXY_LIMIT.windowSeconds,
              aggregateKeyType: 'CUSTOM_KEYS',
              customKeys: [{ header: { name: CLIENT_NET_HEADER, textTransformations: [{ priority: 0, type: 'NONE' }] } }],
              scopeDownStatement: pathsStatement(props.paths.flatMap((p) => [p, `/${props.stageName}${p}`])),
            },
          },
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: RATE_LIMITED_KEY } } },
          visibilityConfig: visibility('billwatch-auth-rate-limit-per-network'),
        },
      ],
    });
    new CfnWebACLAssociation(this, 'Association', { resourceArn: props.stageArn, webAclArn: this.acl.attrArn });
  }
}
