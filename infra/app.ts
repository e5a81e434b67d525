/**
 * The CDK app (`npx cdk synth`, `npx cdk deploy`): reads the context into
 * settings and builds the stack for the stage; when the edge is on outside
 * us-east-1 it adds the small us-east-1 WAF stack the distribution needs.
 * cdk-nag's AwsSolutions and Serverless packs check every synth, so a finding
 * nobody acknowledged (infra/constructs/nag.ts) stops a deploy as it fails
 * test/infra/nag.test.ts. Synth needs no AWS credentials and makes no lookups.
 * With the edge, the web app is deployed too: its build is made first when
 * missing or stale, so synth works on a fresh clone.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { readSettings, stackName } from './settings.ts';
import { BillWatchStack, EDGE_WAF_REGION } from './stack.ts';
import { EdgeWafStack } from './waf-stack.ts';
import { ensureWebBuild } from './web-build.ts';

const app = new App();
Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
const settings = readSettings((key) => app.node.tryGetContext(key));
const name = stackName(settings);
// Progress goes to stderr: the CLI reads the app's stdout.
if (settings.edge) await ensureWebBuild((line) => console.error(`[web] ${line}`));

if (settings.edge && settings.region !== EDGE_WAF_REGION) {
  new EdgeWafStack(app, `${name}-waf`, { account: settings.account, description: 'BillWatch edge WAF (us-east-1)' });
}
new BillWatchStack(app, name, { settings, description: `BillWatch (${settings.stage})` });
app.synth();
