/** The MCP server's JSON Schema validator on zod (shared/edges/http/mcp-schema-validator.ts), the SDK's pluggable validator. */
import { describe, expect, it } from 'vitest';
import { zodJsonSchemaValidator } from '#shared/edges/http/mcp-schema-validator.ts';

describe('the zod JSON Schema validator', () => {
  const validate = zodJsonSchemaValidator.getValidator<{ name: string; age?: number }>({
    type: 'object',
    properties: { name: { type: 'string', minLength: 1 }, age: { type: 'integer', minimum: 0 } },
    required: ['name'],
  });

  it('takes what the schema allows and answers the data', () => {
    expect(validate({ name: 'Ada', age: 36 })).toEqual({ valid: true, data: { name: 'Ada', age: 36 }, errorMessage: undefined });
  });

  it('refuses what the schema does not, saying where', () => {
    for (const input of [{}, { name: '' }, { name: 'Ada', age: -1 }, { name: 'Ada', age: 1.5 }, 'Ada']) {
      const result = validate(input);
      expect(result.valid, JSON.stringify(input)).toBe(false);
      expect(result.errorMessage).toBeTruthy();
    }
    expect(validate({ name: 'Ada', age: -1 }).errorMessage).toContain('age');
  });
});
