/**
 * Builds the expressions of a DynamoDB request (key condition, update,
 * condition, filter) with their attribute names and values, from the key
 * declarations (./keys/*.keys.ts: a partition and a sort-key prefix, an
 * ItemKey) and plain objects of attributes, so a repository says what it
 * reads or writes and never spells `pk = :pk AND begins_with(sk, :p)` or a
 * placeholder by hand. Every attribute name goes through a `#n` alias, so
 * reserved words (status, ttl, name) need no care. The key attribute names
 * come from the table definition (./table.ts).
 *
 * A small helper rather than ElectroDB or DynamoDB-Toolbox: both bring their
 * own entity schema and key templates, which would duplicate the zod records
 * (shared/domain) and the key declarations, change the stored key strings,
 * and add their runtime to every function bundle; this is what the
 * repositories need of them (docs/architecture.md, "Repositories").
 */
import { INDEX, KEY, type IndexName } from './table.ts';

type Names = Record<string, string>;
type Values = Record<string, unknown>;

/**
 * An attribute, or a path into one: map keys as strings, list positions as
 * numbers (['notification_prefs', 'push_token'], ['external_keys', 2, 'pk']).
 * Each map key gets its own alias, so a key that is a user's id or a card's
 * id needs no escaping.
 */
export type AttributePath = string | readonly (string | number)[];

/** The types attribute_type() tests for (DynamoDB's descriptors). */
export type AttributeType = 'S' | 'SS' | 'N' | 'NS' | 'B' | 'BS' | 'BOOL' | 'NULL' | 'L' | 'M';

/** The aliases of one request: one `#n` per attribute name, one `:v` per value. */
export class Placeholders {
  readonly names: Names = {};
  readonly values: Values = {};
  private readonly aliases = new Map<string, string>();

  name(attribute: string): string {
    let alias = this.aliases.get(attribute);
    if (!alias) {
      alias = `#n${this.aliases.size}`;
      this.aliases.set(attribute, alias);
      this.names[alias] = attribute;
    }
    return alias;
  }

  /** A path written with one alias per map key and `[i]` per list position. */
  path(path: AttributePath): string {
    if (typeof path === 'string') return this.name(path);
    if (path.length === 0 || typeof path[0] !== 'string') throw new Error('A path starts with an attribute name');
    return path
      .map((step, i) => {
        if (typeof step === 'string') return `${i ? '.' : ''}${this.name(step)}`;
        if (!Number.isInteger(step) || step < 0) throw new Error(`A list position is a whole number, not ${step}`);
        return `[${step}]`;
      })
      .join('');
  }

  value(value: unknown): string {
    const alias = `:v${Object.keys(this.values).length}`;
    this.values[alias] = value;
    return alias;
  }
}

/** A condition (or filter): written into an expression with the request's aliases. */
export type Condition = (p: Placeholders) => string;

const compare =
  (op: string) =>
  (attribute: AttributePath, value: unknown): Condition =>
  (p) =>
    `${p.path(attribute)} ${op} ${p.value(value)}`;

/** The conditions requests use; `and`/`or` group theirs in parentheses. */
export const cond = {
  /** The item exists (its partition key is there). */
  itemExists: (): Condition => (p) => `attribute_exists(${p.name(KEY.pk)})`,
  /** No item has this key yet. */
  itemAbsent: (): Condition => (p) => `attribute_not_exists(${p.name(KEY.pk)})`,
  exists:
    (attribute: AttributePath): Condition =>
    (p) =>
      `attribute_exists(${p.path(attribute)})`,
  absent:
    (attribute: AttributePath): Condition =>
    (p) =>
      `attribute_not_exists(${p.path(attribute)})`,
  /** The attribute equals one of the values (at least one: DynamoDB refuses an empty IN). */
  oneOf:
    (attribute: AttributePath, values: readonly unknown[]): Condition =>
    (p) => {
      if (values.length === 0) throw new Error('IN needs at least one value');
      return `${p.path(attribute)} IN (${values.map((v) => p.value(v)).join(', ')})`;
    },
  /** The attribute holds a value of this type (a map, a list, ...). */
  isType:
    (attribute: AttributePath, type: AttributeType): Condition =>
    (p) =>
      `attribute_type(${p.path(attribute)}, ${p.value(type)})`,
  eq: compare('='),
  ne: compare('<>'),
  lt: compare('<'),
  lte: compare('<='),
  gt: compare('>'),
  gte: compare('>='),
  beginsWith:
    (attribute: AttributePath, prefix: string): Condition =>
    (p) =>
      `begins_with(${p.path(attribute)}, ${p.value(prefix)})`,
  and:
    (...conditions: Condition[]): Condition =>
    (p) =>
      `(${conditions.map((c) => c(p)).join(' AND ')})`,
  or:
    (...conditions: Condition[]): Condition =>
    (p) =>
      `(${conditions.map((c) => c(p)).join(' OR ')})`,
  not:
    (condition: Condition): Condition =>
    (p) =>
      `NOT ${condition(p)}`,
} as const;

/**
 * Which items a Query reads: a partition of the table or of a secondary
 * index, and optionally the sort keys that begin with a prefix (as the key
 * declarations give them), lie between two bounds, are at least one (skFrom),
 * sort after one (skAfter), sort before one (skBefore) or up to one
 * included (skThrough).
 */
export interface KeyCondition {
  index?: IndexName;
  pk: string;
  skPrefix?: string;
  skBetween?: readonly [string, string];
  skFrom?: string;
  skBefore?: string;
  skAfter?: string;
  skThrough?: string;
}

/**
 * What an UpdateItem changes: attributes SET (undefined ones skipped), SET at
 * a path into a map or list, SET only where absent, lists appended to
 * (created empty first where absent), ADDed (a number, or members to a set),
 * REMOVEd (attributes or paths).
 */
export interface Update {
  set?: Record<string, unknown>;
  setPaths?: ReadonlyArray<readonly [AttributePath, unknown]>;
  setIfNotExists?: Record<string, unknown>;
  append?: Record<string, readonly unknown[]>;
  add?: Record<string, number | ReadonlySet<string>>;
  remove?: readonly AttributePath[];
}

function keyConditionExpression(k: KeyCondition, p: Placeholders): string {
  const attrs = k.index ? INDEX[k.index] : KEY;
  const parts = [`${p.name(attrs.pk)} = ${p.value(k.pk)}`];
  if (k.skPrefix !== undefined) parts.push(`begins_with(${p.name(attrs.sk)}, ${p.value(k.skPrefix)})`);
  if (k.skBetween) parts.push(`${p.name(attrs.sk)} BETWEEN ${p.value(k.skBetween[0])} AND ${p.value(k.skBetween[1])}`);
  if (k.skFrom !== undefined) parts.push(`${p.name(attrs.sk)} >= ${p.value(k.skFrom)}`);
  if (k.skBefore !== undefined) parts.push(`${p.name(attrs.sk)} < ${p.value(k.skBefore)}`);
  if (k.skAfter !== undefined) parts.push(`${p.name(attrs.sk)} > ${p.value(k.skAfter)}`);
  if (k.skThrough !== undefined) parts.push(`${p.name(attrs.sk)} <= ${p.value(k.skThrough)}`);
  return parts.join(' AND ');
}

function updateExpression(u: Update, p: Placeholders): string {
  const set = [
    ...Object.entries(u.set ?? {})
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${p.name(k)} = ${p.value(v)}`),
    ...(u.setPaths ?? []).map(([path, v]) => `${p.path(path)} = ${p.value(v)}`),
    ...Object.entries(u.setIfNotExists ?? {}).map(([k, v]) => {
      const name = p.name(k);
      return `${name} = if_not_exists(${name}, ${p.value(v)})`;
    }),
    ...Object.entries(u.append ?? {}).map(([k, items]) => {
      const name = p.name(k);
      return `${name} = list_append(if_not_exists(${name}, ${p.value([])}), ${p.value(items)})`;
    }),
  ];
  const add = Object.entries(u.add ?? {}).map(([k, v]) => `${p.name(k)} ${p.value(v)}`);
  const remove = (u.remove ?? []).map((k) => p.path(k));
  const clauses = [set.length ? `SET ${set.join(', ')}` : '', add.length ? `ADD ${add.join(', ')}` : '', remove.length ? `REMOVE ${remove.join(', ')}` : ''];
  const expression = clauses.filter(Boolean).join(' ');
  if (!expression) throw new Error('An update must change something');
  return expression;
}

export interface RequestExpressions {
  IndexName?: string;
  KeyConditionExpression?: string;
  UpdateExpression?: string;
  ConditionExpression?: string;
  FilterExpression?: string;
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Names;
  ExpressionAttributeValues?: Values;
}

/**
 * The expressions of one request with their names and values, to spread
 * into a command's input. Empty name or value maps are left out, as
 * DynamoDB refuses them.
 */
export function expressions(parts: {
  keyCondition?: KeyCondition;
  update?: Update;
  condition?: Condition;
  filter?: Condition;
  /** The attributes to read (a ProjectionExpression). */
  projection?: readonly string[];
}): RequestExpressions {
  const p = new Placeholders();
  const out: RequestExpressions = {};
  if (parts.keyCondition) {
    if (parts.keyCondition.index) out.IndexName = INDEX[parts.keyCondition.index].name;
    out.KeyConditionExpression = keyConditionExpression(parts.keyCondition, p);
  }
  if (parts.update) out.UpdateExpression = updateExpression(parts.update, p);
  if (parts.condition) out.ConditionExpression = parts.condition(p);
  if (parts.filter) out.FilterExpression = parts.filter(p);
  if (parts.projection) out.ProjectionExpression = parts.projection.map((a) => p.name(a)).join(', ');
  if (Object.keys(p.names).length) out.ExpressionAttributeNames = p.names;
  if (Object.keys(p.values).length) out.ExpressionAttributeValues = p.values;
  return out;
}

/** The input of a Query of `keyCondition` (spread into queryAll, queryPage or a QueryCommand), filtered or projected. */
export const query = (keyCondition: KeyCondition, options: { filter?: Condition; projection?: readonly string[] } = {}): RequestExpressions =>
  expressions({ keyCondition, ...options });

/** The input of an UpdateItem (or a transaction's Update) making `change`, under `condition` if given. */
export function update(change: Update, condition?: Condition): RequestExpressions & { UpdateExpression: string } {
  const { UpdateExpression, ...rest } = expressions({ update: change, condition });
  // expressions() always writes an update expression for an update, or throws.
  if (UpdateExpression === undefined) throw new Error('An update must change something');
  return { ...rest, UpdateExpression };
}

/** The input of a conditional write or a transaction's ConditionCheck (which needs its ConditionExpression). */
export function condition(c: Condition): RequestExpressions & { ConditionExpression: string } {
  const { ConditionExpression, ...rest } = expressions({ condition: c });
  // expressions() always writes the condition it is given.
  if (ConditionExpression === undefined) throw new Error('A condition must say something');
  return { ...rest, ConditionExpression };
}
