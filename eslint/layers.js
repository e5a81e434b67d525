// The layers of shared/ and the one direction their imports may run, as a table,
// and the two lint rules that enforce it: `layers/direction` (an import may only
// reach a layer its own layer lists) and `layers/no-cycle` (no file may import
// its way back to itself). docs/architecture.md explains the layers in prose.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Every layer, lowest first. `folders` are repository paths; `may` lists the
 * layers a file of this layer may import (its own layer is always allowed);
 * `packages`, when present, is the whole list of npm packages it may import.
 */
export const LAYERS = [
  // The typed API client is published to web and mobile developers on its own: it may import nothing of the service.
  { name: 'clients', folders: ['clients/typescript'], may: [], packages: ['openapi-fetch'] },
  // The web app (clients/web) is built on the typed client and may import any package, but nothing of the service.
  { name: 'web app', folders: ['clients/web'], may: ['clients'] },
  // shared/ is grouped by layer: `ls shared` reads as this table, and a new folder joins the layer of its group.
  { name: 'domain', folders: ['shared/domain'], may: [], packages: ['zod'] },
  { name: 'errors', folders: ['shared/errors'], may: [], packages: [] },
  { name: 'platform', folders: ['shared/platform'], may: ['errors'] },
  // shared/adapters/ holds three layers. The search engine's index is a store like the table, so search sits with db.
  { name: 'db', folders: ['shared/adapters/db', 'shared/adapters/search'], may: ['domain', 'errors', 'platform'] },
  { name: 'messaging', folders: ['shared/adapters/messaging'], may: ['domain', 'errors', 'platform'] },
  { name: 'providers', folders: ['shared/adapters/providers'], may: ['domain', 'errors', 'platform', 'db'] },
  { name: 'use cases', folders: ['shared/use-cases'], may: ['domain', 'errors', 'platform', 'db', 'messaging', 'providers'] },
  { name: 'edges', folders: ['shared/edges'], may: ['domain', 'errors', 'platform', 'db', 'messaging', 'providers', 'use cases'] },
  // What is deployed: Lambda entry points and the CDK app. They may not reach the local stack or the tests.
  {
    name: 'deployed entry points',
    folders: ['functions', 'infra'],
    may: ['clients', 'domain', 'errors', 'platform', 'db', 'messaging', 'providers', 'use cases', 'edges'],
  },
  {
    name: 'tools',
    folders: ['local', 'test', 'bench', 'eslint'],
    may: ['clients', 'domain', 'errors', 'platform', 'db', 'messaging', 'providers', 'use cases', 'edges', 'deployed entry points'],
  },
];

/** The layer of a repository-relative path, or undefined outside every layer. */
export function layerOf(relPath) {
  return LAYERS.find((l) => l.folders.some((f) => relPath === f || relPath.startsWith(`${f}/`)));
}

const PACKAGE_IMPORTS = {
  '#shared/': 'shared/',
  '#functions/': 'functions/',
  '#local/': 'local/',
  '#infra/': 'infra/',
  '#test/': 'test/',
  '#clients/': 'clients/',
};

/** The repository-relative file an import specifier names, or null for a package. */
export function resolveSpecifier(fromFile, spec) {
  for (const [alias, dir] of Object.entries(PACKAGE_IMPORTS)) {
    if (spec.startsWith(alias)) return dir + spec.slice(alias.length);
  }
  if (spec.startsWith('.')) return path.relative(ROOT, path.resolve(path.dirname(path.resolve(ROOT, fromFile)), spec));
  return null;
}

const packageName = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);

const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

/** The files a source file imports (static, dynamic and side-effect imports), repository-relative. */
function importsOf(relFile) {
  const src = fs.readFileSync(path.join(ROOT, relFile), 'utf8');
  const out = new Set();
  for (const m of src.matchAll(SPECIFIER)) {
    const target = resolveSpecifier(relFile, m[1] ?? m[2] ?? m[3]);
    if (target && /\.tsx?$/.test(target)) out.add(target);
  }
  return [...out];
}

let graphCache;
/** The import graph of shared/ (where cycles can form), built once per lint run. */
function sharedGraph() {
  if (graphCache) return graphCache;
  const files = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith('.ts')) files.push(rel);
    }
  };
  walk('shared');
  graphCache = new Map(files.map((f) => [f, importsOf(f)]));
  return graphCache;
}

/** True when `to` can reach `from` through the import graph (so from → to closes a cycle). */
function reaches(graph, to, from) {
  const seen = new Set();
  const stack = [to];
  while (stack.length) {
    const f = stack.pop();
    if (f === from) return true;
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...(graph.get(f) ?? []));
  }
  return false;
}

/** Calls `check(node, specifier)` for every import, export-from and dynamic import of a file. */
function eachImport(check) {
  const literal = (node, source) => {
    if (source && source.type === 'Literal' && typeof source.value === 'string') check(node, source.value);
  };
  return {
    ImportDeclaration: (node) => literal(node, node.source),
    ExportNamedDeclaration: (node) => literal(node, node.source),
    ExportAllDeclaration: (node) => literal(node, node.source),
    ImportExpression: (node) => literal(node, node.source),
  };
}

const direction = {
  meta: { type: 'problem', docs: { description: 'imports run only from a higher layer to a lower one (eslint/layers.js)' }, schema: [] },
  create(context) {
    const file = path.relative(ROOT, context.filename);
    const own = layerOf(file);
    if (!own) return {};
    return eachImport((node, spec) => {
      const target = resolveSpecifier(file, spec);
      if (target === null) {
        if (spec.startsWith('node:') && own.packages === undefined) return;
        if (own.packages && !own.packages.includes(packageName(spec))) {
          context.report({ node, message: `The ${own.name} layer may import only ${own.packages.join(', ') || 'no packages'}, not '${spec}'.` });
        }
        return;
      }
      const theirs = layerOf(target);
      if (!theirs || theirs === own || own.may.includes(theirs.name)) return;
      context.report({
        node,
        message: `The ${own.name} layer may not import the ${theirs.name} layer ('${spec}'): imports run from a higher layer to a lower one only.`,
      });
    });
  },
};

const noCycle = {
  meta: { type: 'problem', docs: { description: 'no import cycle between files of shared/' }, schema: [] },
  create(context) {
    const file = path.relative(ROOT, context.filename);
    if (!file.startsWith('shared/')) return {};
    const graph = sharedGraph();
    return eachImport((node, spec) => {
      const target = resolveSpecifier(file, spec);
      if (target && graph.has(target) && reaches(graph, target, file)) {
        context.report({ node, message: `'${spec}' imports its way back to this file: an import cycle.` });
      }
    });
  },
};

export const layersPlugin = { rules: { direction, 'no-cycle': noCycle } };
