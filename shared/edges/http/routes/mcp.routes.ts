/** The Model Context Protocol endpoint (functions/api/mcp.ts implements it; its tools are the table in ../mcp-tools.ts). */
import * as z from 'zod';
import { defineRoute, type RouteDef } from '#shared/edges/http/route.ts';

const JsonRpcId = () => z.union([z.string(), z.number()]).describe('The JSON-RPC request id');

export const mcp = defineRoute({
  operationId: 'mcp',
  description:
    'The Model Context Protocol over Streamable HTTP, stateless with JSON answers: initialize, tools/list and tools/call of the read tools (bills, briefs with citations, text, votes, members, ZIP lookup, committees, meetings and the meetings of a bill) and, with a bearer token, the personal tools (follows, alignment). A tool answer carries the data, its provenance and the quote-verification state of brief points; a personal tool without a token answers an error result. Anonymous or signed in; counts against the mcp rate limit, and each tool call against its route own limit.',
  method: 'POST',
  path: '/api/mcp',
  fn: 'mcp',
  auth: 'optional',
  rateLimit: 'mcp',
  summary: 'Model Context Protocol (Streamable HTTP, stateless): tools over the read routes, personal tools with a bearer token',
  tags: ['open-data'],
  body: () =>
    z
      .looseObject({
        jsonrpc: z.literal('2.0').describe('Always 2.0'),
        method: z.string().min(1).max(200).describe('The MCP method, such as initialize, tools/list or tools/call'),
        id: JsonRpcId().optional(),
        params: z.record(z.string(), z.unknown()).optional().describe('The method parameters'),
      })
      .describe('One JSON-RPC 2.0 request or notification of the Model Context Protocol'),
  response: () =>
    z
      .looseObject({
        jsonrpc: z.literal('2.0').describe('Always 2.0'),
        id: JsonRpcId().nullable().describe('The id of the request it answers; null when the request could not be read'),
        result: z.record(z.string(), z.unknown()).optional().describe('The result of the method'),
        error: z
          .object({
            code: z.number().int().describe('The JSON-RPC error code'),
            message: z.string().describe('What went wrong'),
            data: z.unknown().optional().describe('More about the error'),
          })
          .optional()
          .describe('The error, when the method failed'),
      })
      .describe('The JSON-RPC 2.0 response (a notification is answered 202 with no body)'),
});

export const MCP_ROUTES: RouteDef[] = [mcp];
