/** What the bundles get for `ajv-formats`: see ./ajv.ts. */
export default function addFormats(): never {
  throw new Error('ajv-formats is not bundled: give the MCP server a jsonSchemaValidator (shared/edges/http/mcp-schema-validator.ts)');
}
