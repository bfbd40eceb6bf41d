/** OpenAPI 3.1 generated from the contract schemas of every registered endpoint. */
import { envelopeSchema } from '../../contract/envelope.ts';
import type { Endpoint } from '../../contract/endpoint.ts';
import { z } from '../../contract/zod.ts';

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

export function buildOpenApi(endpoints: readonly Endpoint[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
    const parameters: unknown[] = [];
    if (e.query) {
      const q = schemaOf(e.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(q.properties ?? {})) {
        parameters.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
      }
    }
    const operation: Record<string, unknown> = {
      summary: e.summary,
      tags: [e.tag],
      parameters,
      responses: {
        '200': {
          description: '业务结果（statusCode 200 成功，其余见 message）',
          content: { 'application/json': { schema: schemaOf(envelopeSchema(e.data), 'output') } },
        },
      },
    };
    if (e.auth === 'required') operation.security = [{ bearer: [] }];
    if (e.body) {
      const schema = schemaOf(e.body, 'input');
      operation.requestBody = {
        required: true,
        content: { 'application/x-www-form-urlencoded': { schema }, 'application/json': { schema } },
      };
    }
    paths[e.path] = { ...paths[e.path], [e.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: { title: '山城新闻 API', version: '1.0.0' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
