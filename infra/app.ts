/**
 * The CDK app (`npx cdk synth`, `npx cdk deploy`): reads the context into
 * settings and builds the stack for the stage; when the edge is on outside
 * us-east-1 it adds the small us-east-1 WAF stack the distribution needs.
 * Synth needs no AWS credentials and makes no lookups.
 */
import { App } from 'aws-cdk-lib';
import { readSettings, stackName } from './settings.ts';
import { BillWatchStack, EDGE_WAF_REGION } from './stack.ts';
import { EdgeWafStack } from './waf-stack.ts';

const app = new App();
const settings = readSettings((key) => app.node.tryGetContext(key));
const name = stackName(settings);

if (settings.edge && settings.region !== EDGE_WAF_REGION) {
  new EdgeWafStack(app, `${name}-waf`, { account: settings.account, description: 'BillWatch edge WAF (us-east-1)' });
}
new BillWatchStack(app, name, { settings, description: `BillWatch (${settings.stage})` });
app.synth();
