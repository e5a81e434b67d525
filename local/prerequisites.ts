/**
 * What `npm start` needs from the machine before anything starts: Node 20.19
 * or newer (the lowest package.json's engines admits, which every installed
 * package accepts: test/unit/infra/node-engines.test.ts) and a Java 17+ runtime for DynamoDB Local. Each problem comes with how
 * to fix it.
 */
import { javaProblem } from './dynamodb-local.ts';

/** Null when this Node is new enough, else what to do. */
export function nodeProblem(version = process.versions.node): string | null {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 20 || (major === 20 && minor >= 19)
    ? null
    : `Node ${version} is too old: the local stack needs Node.js 20.19 or newer (https://nodejs.org, or \`nvm install 22\`)`;
}

/** Every missing prerequisite, each as one sentence saying how to install it. */
export function prerequisiteProblems(needs: { java: boolean } = { java: true }): string[] {
  const java = needs.java ? javaProblem() : null;
  return [
    nodeProblem(),
    java
      ? `${java}. Install one with your package manager (Debian/Ubuntu: \`sudo apt-get install openjdk-17-jre-headless\`; macOS: \`brew install openjdk@17\`) and make sure \`java -version\` works.`
      : null,
  ].filter((p): p is string => p !== null);
}
