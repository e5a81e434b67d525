/**
 * Walks a built OpenAPI document and lists what it leaves undescribed: an
 * operation without a description, a parameter, or a property of a request,
 * response or component schema. Each gap names where it is (the route, or
 * the component) and the field's path, so a new field without `.describe()`
 * or a new route without a `description` says exactly what to fix.
 */
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The property paths under `schema` whose schema has no description (a $ref to a component counts: the component is checked once, by name). */
export function undescribedProperties(schema: unknown, at = ''): string[] {
  if (!isObject(schema)) return [];
  const gaps: string[] = [];
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [name, prop] of Object.entries(properties)) {
    const path = at ? `${at}.${name}` : name;
    if (!isObject(prop) || (typeof prop.description !== 'string' && typeof prop.$ref !== 'string') || prop.description === '') gaps.push(path);
    gaps.push(...undescribedProperties(prop, path));
  }
  for (const key of ['items', 'additionalProperties'] as const) {
    if (isObject(schema[key])) gaps.push(...undescribedProperties(schema[key], `${at}[]`));
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) options.forEach((option) => gaps.push(...undescribedProperties(option, at)));
  }
  return gaps;
}

/** Every gap of the document, one line each: "GET /api/bills (listBills) response: items[].title". */
export function documentGaps(doc: Json): string[] {
  const gaps: string[] = [];
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const where = `${method.toUpperCase()} ${path} (${String(op.operationId)})`;
      if (typeof op.description !== 'string' || op.description.trim().length < 20) gaps.push(`${where}: no description (add \`description\` to its route)`);
      for (const p of (op.parameters ?? []) as Json[]) if (!p.description) gaps.push(`${where} ${String(p.in)} parameter: ${String(p.name)}`);
      const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
      for (const gap of undescribedProperties(body?.['application/json']?.schema)) gaps.push(`${where} body: ${gap}`);
      for (const [status, reply] of Object.entries((op.responses ?? {}) as Record<string, Json>)) {
        const content = (reply.content ?? {}) as Record<string, Json>;
        for (const gap of undescribedProperties(content['application/json']?.schema)) gaps.push(`${where} response ${status}: ${gap}`);
      }
    }
  }
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  for (const [name, schema] of Object.entries(schemas)) {
    if (!schema.description) gaps.push(`component ${name}: no description`);
    for (const gap of undescribedProperties(schema)) gaps.push(`component ${name}: ${gap}`);
  }
  return gaps;
}
