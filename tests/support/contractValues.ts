/**
 * Request values a contract accepts, found from the contract itself: for each field of an endpoint's query
 * or body, the first of a few ordinary values (or the values its schema lists) that makes its issue go.
 * Suites that probe every endpoint (tests/security/idRange.test.ts, tests/api/chineseMessages.test.ts) use
 * them so a request differs from an accepted one only in what the suite is testing.
 */
import { z } from '../../src/contract/zod.ts';

/** Values that pass most fields (absent, a type, a page, a short text, a `from`), so the id under test is what decides. */
export const CANDIDATES: readonly unknown[] = [undefined, '1', '2', '测试内容测试内容', 'news', 'bang', '13800138000', '渝中区', '', '0', '3', '4', 1];

/**
 * Values of every field that the endpoint's own schema accepts (each field tries the candidates in turn
 * until its issue goes), so a request that differs from them in one id field is refused for that id or
 * not at all. Null when no such values are found (the drawn requests still cover the endpoint).
 */
export function acceptedValues(schema: z.ZodType | undefined, fields: readonly string[]): Record<string, unknown> | null {
  const values: Record<string, unknown> = {};
  if (!schema) return values;
  const properties = propertiesOf(schema);
  const candidates = new Map<string, unknown[]>(fields.map((f) => [f, [undefined, ...listedValues(properties[f]), ...CANDIDATES.slice(1)]]));
  const tried = new Map<string, number>(fields.map((f) => [f, 0]));
  for (let round = 0; round < 60; round++) {
    const result = schema.safeParse(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)));
    if (result.success) return values;
    const field = result.error.issues.map((i) => String(i.path[0] ?? '')).find((f) => tried.has(f));
    if (field === undefined) return null;
    const next = tried.get(field)! + 1;
    const list = candidates.get(field)!;
    if (next >= list.length) return null;
    tried.set(field, next);
    values[field] = list[next];
  }
  return null;
}

type JsonProperty = { enum?: unknown[]; anyOf?: JsonProperty[]; const?: unknown };

function propertiesOf(schema: z.ZodType | undefined): Record<string, JsonProperty> {
  if (!schema) return {};
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonProperty> };
  return json.properties ?? {};
}

export function fieldsOf(schema: z.ZodType | undefined): string[] {
  return Object.keys(propertiesOf(schema));
}

/** The values a field's JSON schema lists (an enum, literals), tried before the common candidates. */
function listedValues(p: JsonProperty | undefined): unknown[] {
  if (!p) return [];
  return [...(p.enum ?? []), ...(p.const !== undefined ? [p.const] : []), ...(p.anyOf ?? []).flatMap(listedValues)];
}
