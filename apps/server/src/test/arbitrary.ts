import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries generated from the shared zod schemas, through their JSON Schema (zod 4's
 * `toJSONSchema`, input side): one generator for what a schema accepts, one for near misses. The
 * JSON Schema detour keeps this independent of zod's internals, which change between versions.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
};

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

export interface Hints {
  /** Values to prefer for uuid fields (real ids, so writes reach the database). */
  ids: string[];
  /** Generators for properties by name, where JSON Schema loses the rule (an e-mail behind a pipe). */
  keys?: Record<string, fc.Arbitrary<unknown>>;
}

/** Plain addresses most validators agree on (fast-check's RFC-complete ones are mostly refused). */
export const plainEmail = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,10}[a-z0-9]$/), fc.stringMatching(/^[a-z]{2,10}$/))
  .filter(([local]) => !local.includes('..'))
  .map(([local, domain]) => `${local}@${domain}.test`);

/** Long arrays and strings make slow runs without finding more: generated sizes are capped. */
const MAX_ITEMS = 4;

function stringArbitrary(s: JsonSchema, hints: Hints): fc.Arbitrary<string> {
  if (s.format === 'uuid')
    return hints.ids.length ? fc.oneof(fc.constantFrom(...hints.ids), fc.uuid()) : fc.uuid();
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? min + 40, min + 40);
  const patterns = [s.pattern, ...(s.allOf ?? []).map((p) => p.pattern)].filter(
    (p): p is string => typeof p === 'string',
  );
  if (patterns.length === 0) return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
  // Every pattern matched by one piece each; anchored patterns (a whole-value rule) alone.
  const anchored = patterns.find((p) => p.startsWith('^') && p.endsWith('$'));
  if (anchored)
    return fc
      .stringMatching(new RegExp(anchored))
      .filter((v) => v.length >= min && v.length <= (s.maxLength ?? Infinity));
  return fc
    .tuple(...patterns.map((p) => fc.stringMatching(new RegExp(p)).map((v) => v.slice(0, 3))))
    .map((parts) => parts.join('').padEnd(min, 'x'));
}

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1e6);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1e6);
  if (s.multipleOf) {
    const step = s.multipleOf;
    return fc
      .integer({ min: Math.ceil(min / step), max: Math.floor(max / step) })
      .map((k) => k * step);
  }
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true });
}

/** Values the schema accepts (or nearly: refinements such as "passwords match" are not in JSON Schema). */
export function validArbitrary(s: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => validArbitrary(a, hints)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringArbitrary(s, hints);
    case 'integer':
      return numberArbitrary(s, true);
    case 'number':
      return numberArbitrary(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items ? validArbitrary(s.items, hints) : fc.jsonValue(), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? MAX_ITEMS, MAX_ITEMS)),
      });
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(props))
        model[key] = hints.keys?.[key] ?? validArbitrary(value, hints);
      return fc.record(model, {
        requiredKeys: Object.keys(props).filter((k) => required.has(k)),
      });
    }
    default:
      // `{}` (anything) in JSON Schema.
      return fc.jsonValue();
  }
}

/** Hostile values: wrong types, huge and odd strings, prototype keys, markup. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '<script>alert(1)</script>',
    "'; drop table interviews; --",
    '../../etc/passwd',
    'x'.repeat(70_000),
    -1,
    0,
    1e308,
    -0,
    Number.MAX_SAFE_INTEGER + 2,
    true,
    null,
    [],
    {},
    { __proto__: { admin: true } },
    { constructor: { prototype: { polluted: true } } },
  ),
);

/**
 * Near misses of a valid value: one field replaced by something hostile, a required field dropped,
 * an unknown field added, or the whole value replaced.
 */
export function invalidArbitrary(s: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  const valid = validArbitrary(s, hints);
  const keys = Object.keys(s.properties ?? {});
  if (s.type !== 'object' || keys.length === 0) return fc.oneof(hostile, valid);
  return fc.oneof(
    fc
      .tuple(valid, fc.constantFrom(...keys), hostile)
      .map(([v, key, bad]) => ({ ...(v as object), [key]: bad })),
    fc.tuple(valid, fc.constantFrom(...keys)).map(([v, key]) => {
      const copy = { ...(v as Record<string, unknown>) };
      delete copy[key];
      return copy;
    }),
    fc
      .tuple(valid, fc.string({ minLength: 1, maxLength: 12 }), hostile)
      .map(([v, key, bad]) => ({ ...(v as object), [key]: bad })),
    hostile,
  );
}
