/**
 * What the bundles get for `ajv` (and ./ajv-formats.ts for `ajv-formats`):
 * their only importer in a function is the MCP SDK's default JSON Schema
 * validator (`AjvJsonSchemaValidator`, imported by its server module whether
 * used or not), and the MCP server passes its own validator instead
 * (shared/edges/http/mcp-schema-validator.ts). The real packages are about
 * 250 KB of the MCP function's cold start (bench/results/mcp.md). Building
 * one fails loudly: a server made without a validator would reach here.
 */
export default class Ajv {
  constructor() {
    throw new Error('ajv is not bundled: give the MCP server a jsonSchemaValidator (shared/edges/http/mcp-schema-validator.ts)');
  }
}
