import {
  apiRoutes,
  errorCatalogue,
  POSTBACK_TYPES,
  postbackBodySchemas,
  type RouteDef,
} from '@portal/domain';
import { z } from 'zod';
import { errorResponses } from './openapi-errors.ts';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });

/** OpenAPI 3.1 document generated from the domain route table (served at /api/docs). */
export function buildOpenApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, route] of Object.entries(apiRoutes) as [string, RouteDef][]) {
    const path = `/api${route.path.replace(/:(\w+)\??/g, '{$1}')}`;
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['path', route.params],
      ['query', route.query],
    ] as const) {
      if (!schema) continue;
      const js = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [pname, pschema] of Object.entries(js.properties ?? {})) {
        parameters.push({
          name: pname,
          in: where,
          required: where === 'path' || !!js.required?.includes(pname),
          schema: pschema,
        });
      }
    }
    if (route.idempotent) {
      parameters.push({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string' } });
    }
    parameters.push({
      name: 'Timezone',
      in: 'header',
      required: false,
      description: 'Offset east of UTC in minutes or ±HH:MM',
      schema: { type: 'string' },
    });
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: name,
      summary: route.summary,
      tags: [route.tag],
      ...(route.auth === 'public' ? { security: [] } : {}),
      ...(route.right || route.scope
        ? {
            description: `Requires ${route.right ? `right \`${route.right}\`` : `scope \`${route.scope}\``}.`,
          }
        : {}),
      parameters,
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
            },
          }
        : {}),
      responses: {
        '200': route.raw
          ? { description: 'A file or stream' }
          : {
              description: 'Success',
              content: { 'application/json': { schema: jsonSchema(route.response, 'output') } },
            },
        ...errorResponses(route),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Business banking and payments portal API',
      version,
      description:
        'Paths of spec §7 under /api. Passwords are sent as SHA-512 hex digests. Errors answer with the ' +
        'status of spec §8 and the Error body; codes and messages are listed under x-error-codes.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['success', 'code', 'messages'],
          properties: {
            success: { const: false },
            code: { type: 'string', enum: Object.keys(errorCatalogue) },
            messages: { type: 'array', items: { type: 'string' } },
            fields: { type: 'object', additionalProperties: { type: 'string' } },
            requestId: { type: 'string' },
          },
        },
      },
    },
    security: [{ bearer: [] }],
    paths,
    webhooks: postbackWebhooks(),
    'x-error-codes': Object.fromEntries(Object.entries(errorCatalogue).map(([k, v]) => [k, v])),
  };
}

/** Standard Webhooks headers of every postback; the signature is checked with the company's secret. */
const WEBHOOK_HEADERS = [
  {
    name: 'webhook-id',
    description: 'The event id (`evt_…`), the same on every retry: receivers drop duplicates by it.',
  },
  { name: 'webhook-timestamp', description: 'Unix seconds when this attempt was signed.' },
  {
    name: 'webhook-signature',
    description:
      'Space-separated `v1,<base64 HMAC-SHA256>` of `webhook-id.webhook-timestamp.body` under the ' +
      "company's secret (base64 after `whsec_`); two values for a day after a secret rotation.",
  },
].map((h) => ({ ...h, in: 'header', required: true, schema: { type: 'string' } }));

/**
 * The postbacks of spec §9 as OpenAPI 3.1 `webhooks`: what the server POSTs to the company's URL of
 * each type (Settings), signed per Standard Webhooks, and the answer it expects.
 */
function postbackWebhooks(): Record<string, unknown> {
  return Object.fromEntries(
    POSTBACK_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `postback_${type}`,
          summary: `Postback \`${type}\``,
          description:
            'Sent to the URL set for this type, at least once per event: a 2xx answer within 10 seconds ' +
            'acknowledges it; otherwise it is retried (after 30 minutes, then at growing intervals) for ' +
            'up to 7 days and 50 attempts. Events of one `subject_id` arrive in order.',
          tags: ['postbacks'],
          security: [],
          parameters: WEBHOOK_HEADERS,
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: jsonSchema(postbackBodySchemas[type], 'output') },
            },
          },
          responses: {
            '2XX': { description: 'Acknowledged: the event is not sent again (unless resent by hand).' },
          },
        },
      },
    ]),
  );
}
