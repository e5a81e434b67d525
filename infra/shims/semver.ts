/**
 * What the bundles get for `semver`: its only importer in a function is the
 * X-Ray SDK (under the Powertools Tracer), whose SDK v2 patcher (aws_p.js)
 * calls `semver.gte(AWS.VERSION, '2.7.15')` and nothing else. The real
 * package builds every class and some forty regular expressions at import,
 * about 28 KB and 2-3 ms of each cold start, for a check no function makes:
 * the service uses SDK v3, captured by the v3 patcher. infra/bundling.ts
 * aliases `semver` here; test/infra/semver-shim.test.ts holds `gte` to the
 * real package's answers, and test/infra/bundling.test.ts fails when any
 * other module of a bundle imports `semver`.
 */

/** The numeric major.minor.patch of a version; a prerelease or build suffix sorts as its release. */
function parts(version: string): [number, number, number] {
  const m = /^\s*[v=]?(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!m) throw new TypeError(`Invalid Version: ${version}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** `a >= b` for plain major.minor.patch versions, as semver.gte answers them. */
export function gte(a: string, b: string): boolean {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] as number) > (y[i] as number);
  return true;
}

export default { gte };
