/**
 * The optional edge: a CloudFront distribution in front of the HTTP API that
 * caches nothing and forwards every method, query string and header except
 * Host (API Gateway routes on its own host name), so Authorization reaches
 * the functions; the WAF WebACL of ./rate-limit-web-acl.ts attaches here.
 */
import { Aws, CfnOutput } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Construct } from 'constructs';

export interface EdgeProps {
  api: IHttpApi;
  /** The CLOUDFRONT-scope WebACL; absent only when it could not be made (see infra/app.ts). */
  webAclArn?: string;
}

export class Edge extends Construct {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: EdgeProps) {
    super(scope, id);
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'BillWatch API edge (no caching; WAF rate limit on auth)',
      defaultBehavior: {
        origin: new HttpOrigin(`${props.api.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`, {
          protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        }),
        allowedMethods: AllowedMethods.ALLOW_ALL,
        // A redirect would turn POSTs into GETs; API clients must use HTTPS.
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        // The AllViewer family of managed policies is the one way to forward Authorization without caching on it.
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      webAclId: props.webAclArn,
    });
    new CfnOutput(scope, 'DistributionUrl', { value: this.url, description: 'CloudFront URL in front of the API' });
  }

  get url(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }
}
