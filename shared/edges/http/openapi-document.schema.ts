/**
 * The shape of the document buildOpenApi() (./openapi.ts) builds: the reply
 * schema of GET /api/openapi.json. A function, called by that route's
 * `response` getter, so no cold start builds it, and apart from the builder,
 * whose imports (every webhook payload schema) only that route needs.
 */
import * as z from 'zod';

export function openApiDocumentSchema() {
  const JsonObject = z.record(z.string(), z.unknown()).describe('A JSON object (a schema, parameter or response of the document)');
  return z
    .object({
      openapi: z.string().describe('The OpenAPI version of the document (3.1.0)'),
      info: z
        .object({
          title: z.string().describe('The API name'),
          version: z.string().describe('The API version'),
          description: z.string().describe('What the API is and how to call it'),
        })
        .describe('About the API'),
      servers: z
        .array(z.object({ url: z.string().describe('The base URL of the API'), description: z.string().optional().describe('What the URL is') }))
        .describe('Where the API is served'),
      tags: z
        .array(z.object({ name: z.string().describe('The tag'), description: z.string().describe('What its routes cover') }))
        .describe('The areas of the API'),
      paths: z
        .record(
          z.string(),
          z.record(
            z.string(),
            z
              .object({
                operationId: z.string().describe('Unique name of the operation'),
                summary: z.string().describe('One line on what it does'),
                description: z.string().describe('What it does, who may call it and its notable errors'),
                tags: z.array(z.string()).describe('The areas it belongs to'),
                parameters: z.array(JsonObject).describe('Path and query parameters'),
                responses: z.record(z.string(), JsonObject).describe('Replies by status'),
                security: z.array(z.record(z.string(), z.array(z.string()))).describe('Accepted credentials; an empty object means anonymous'),
                'x-auth': z.enum(['none', 'optional', 'user', 'admin']).describe('The auth level: none, optional (guest or user), user, admin'),
                'x-rate-limit': z
                  .object({
                    name: z.string().describe('The policy name, as in the RateLimit-Policy field'),
                    limit: z.number().int().describe('Requests allowed in the window'),
                    window_seconds: z.number().int().describe('The sliding window, in seconds'),
                    per: z.enum(['ip', 'user']).describe('What the counter is kept per: the client IP, or the signed-in user (the IP for guests)'),
                    setting: z.string().describe('The configuration setting that changes the limit'),
                  })
                  .optional()
                  .describe('The rate limit the route counts against; every answer carries RateLimit-Policy and RateLimit'),
                'x-cache': z.string().optional().describe('How the answer may be cached; it carries an ETag and answers If-None-Match with 304'),
                requestBody: JsonObject.optional().describe('The JSON body'),
              })
              .describe('One operation'),
          ),
        )
        .describe('Operations by path and method'),
      webhooks: z
        .record(z.string(), z.record(z.string(), JsonObject))
        .describe("What the service itself sends: the signed notification webhook POSTed to a user's webhook_url"),
      components: z
        .object({
          securitySchemes: z.record(z.string(), JsonObject).describe('How to authenticate'),
          schemas: z.record(z.string(), JsonObject).describe('Shared schemas, referenced with $ref'),
        })
        .describe('Shared definitions'),
    })
    .describe('The OpenAPI 3.1 document of the API');
}
