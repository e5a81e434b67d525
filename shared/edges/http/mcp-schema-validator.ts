/**
 * The MCP server's JSON Schema validator on zod (`z.fromJSONSchema`), the
 * SDK's pluggable validator interface: the SDK's default builds ajv with its
 * formats for every server, and a stateless server is made per request
 * (bench/results/mcp.md). The SDK's server validates with it only a client's
 * answer to an elicitation.
 */
import type { jsonSchemaValidator, JsonSchemaType, JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import * as z from 'zod';

export const zodJsonSchemaValidator: jsonSchemaValidator = {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const parser = z.fromJSONSchema(schema as z.core.JSONSchema.JSONSchema);
    return (input) => {
      const parsed = parser.safeParse(input);
      return parsed.success
        ? { valid: true, data: parsed.data as T, errorMessage: undefined }
        : { valid: false, data: undefined, errorMessage: z.prettifyError(parsed.error) };
    };
  },
};
