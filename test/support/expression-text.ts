/**
 * Reads a request's expressions back with their aliases replaced by what they
 * stand for (`#n0` by the attribute name, `:v0` by the value as JSON), so a
 * test asserts what a repository asks DynamoDB for, not how the helper
 * happened to number its placeholders.
 */
export interface ExpressionInput {
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

export function expressionText(expression: string | undefined, input: ExpressionInput): string {
  if (expression === undefined) throw new Error('the request has no such expression');
  return expression
    .replace(/#[A-Za-z0-9_]+/g, (alias) => {
      const name = input.ExpressionAttributeNames?.[alias];
      if (name === undefined) throw new Error(`${alias} has no attribute name`);
      return name;
    })
    .replace(/:[A-Za-z0-9_]+/g, (alias) => {
      if (!input.ExpressionAttributeValues || !(alias in input.ExpressionAttributeValues)) throw new Error(`${alias} has no value`);
      return JSON.stringify(input.ExpressionAttributeValues[alias]);
    });
}
