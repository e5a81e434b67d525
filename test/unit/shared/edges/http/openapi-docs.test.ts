/**
 * The OpenAPI document as a reference: every route and field described, tags
 * declared, shared schemas as components rather than copies, and the
 * document clean under Redocly's `recommended` ruleset plus the description
 * rules (docs/architecture.md, "The HTTP contract").
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { API_INFO, buildOpenApi } from '#shared/edges/http/openapi.ts';
import { API_TAGS, defineRoute } from '#shared/edges/http/route.ts';
import { ROUTES } from '#shared/edges/http/routes/index.ts';
import { documentGaps, undescribedProperties } from '#test/support/openapi-gaps.ts';
import * as z from 'zod';

type Json = Record<string, unknown>;
const doc = buildOpenApi(ROUTES, API_INFO) as Json & {
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json> };
  tags: { name: string; description: string }[];
};

/**
 * The lint rules on top of `recommended`. Two of its warnings are turned off for a reason:
 * - info-license: the project declares no license yet (package.json); add it there and to the document together.
 * - no-ambiguous-paths: /api/members/by-zip/{zip} and /api/members/{id}/bills (and the collection share paths) are
 *   the published contract; API Gateway and the local gateway both match a literal segment before a parameter.
 */
const LINT_RULES = {
  'info-license': 'off',
  'no-ambiguous-paths': 'off',
  'operation-description': 'error',
  'operation-summary': 'error',
  'operation-tag-defined': 'error',
  'tag-description': 'error',
  'parameter-description': 'error',
  'operation-4xx-response': 'warn',
} as const;

async function lint(document: Json) {
  const config = await createConfig({ extends: ['recommended'], rules: LINT_RULES });
  return lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
}

/** Every sub-schema of a value, depth first. */
function* schemasIn(value: unknown): Generator<Json> {
  if (Array.isArray(value)) for (const v of value) yield* schemasIn(v);
  else if (value && typeof value === 'object') {
    yield value as Json;
    for (const v of Object.values(value)) yield* schemasIn(v);
  }
}

describe('the OpenAPI document as a reference', () => {
  it('describes every route, parameter and field (each gap names its route or component)', () => {
    expect(documentGaps(doc)).toEqual([]);
  });

  it('names the route of a missing description and of an undescribed field', () => {
    const bare = defineRoute({
      operationId: 'bare',
      method: 'GET',
      path: '/api/bare/{id}',
      fn: 'system',
      auth: 'none',
      summary: 'A route without descriptions',
      description: '',
      params: () => z.object({ id: z.string() }),
      response: () => z.object({ ok: z.boolean(), nested: z.object({ why: z.string().describe('described') }).describe('described') }),
    });
    expect(documentGaps(buildOpenApi([bare], API_INFO))).toEqual([
      'GET /api/bare/{id} (bare): no description (add `description` to its route)',
      'GET /api/bare/{id} (bare) path parameter: id',
      'GET /api/bare/{id} (bare) response 200: ok',
    ]);
    expect(undescribedProperties({ properties: { a: { type: 'string' }, b: { $ref: '#/components/schemas/X' } } })).toEqual(['a']);
  });

  it('declares every tag it uses, each with a description', () => {
    const used = new Set(Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags as string[])));
    const declared = new Map(doc.tags.map((t) => [t.name, t.description]));
    for (const tag of used) expect(declared.get(tag), tag).toBe(API_TAGS[tag as keyof typeof API_TAGS]);
    expect(doc.tags.every((t) => used.has(t.name))).toBe(true);
  });

  it('references the shared schemas as components instead of inlining copies of them', () => {
    for (const name of ['Bill', 'BillListItem', 'Member', 'Brief', 'Error', 'NextCursor', 'Notification', 'Follow', 'Collection']) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    const ok = doc.paths['/api/bills/{id}']?.get?.responses as Record<string, { content: Record<string, { schema: Json }> }>;
    expect(ok['200']?.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Bill' });
    const copies: string[] = [];
    const components = Object.entries(doc.components.schemas).map(([name, schema]) => [name, JSON.stringify(schema)] as const);
    for (const schema of schemasIn(doc.paths)) {
      const text = JSON.stringify(schema);
      for (const [name, component] of components) if (text === component && text.length > 40) copies.push(name);
    }
    expect(copies).toEqual([]);
  });

  it('passes the Redocly recommended ruleset and the description rules with no error', async () => {
    const problems = await lint(doc);
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    // The only warnings: operations that cannot fail on their input or token (no parameters, no body, anonymous or
    // optional auth, where a bad token makes a guest) have no 4xx of their own to document.
    const warnings = problems.filter((p) => p.severity === 'warn').map((p) => `${p.ruleId} ${p.location[0]?.pointer}`);
    const inputless = ROUTES.filter((r) => !r.params && !r.query && !r.body && !r.rateLimit && (r.auth === 'none' || r.auth === 'optional'));
    const pointer = (path: string, method: string) => `#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method.toLowerCase()}/responses`;
    expect(warnings.sort()).toEqual(inputless.map((r) => `operation-4xx-response ${pointer(r.path, r.method)}`).sort());
  });

  it('fails the lint for an operation without a description', async () => {
    const broken = structuredClone(doc);
    delete (broken.paths['/api/health']?.get as Json).description;
    const problems = await lint(broken);
    expect(problems.filter((p) => p.severity === 'error').map((p) => p.ruleId)).toContain('operation-description');
  });
});
