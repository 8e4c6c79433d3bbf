import fc from "fast-check";
import { type JsonSchema, type OpenApiDocument, resolveRef } from "./openapi-operations.ts";

/** Text that has broken servers before: injections, markup, control and odd Unicode characters. */
export const hostileStrings = [
  "",
  " ",
  "' OR '1'='1",
  "'; DROP TABLE app_users; --",
  "1; select pg_sleep(5)",
  '"\\',
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  // Template injection, as text: "{{7*7}}" and a dollar-brace placeholder.
  "{{7*7}}$\u{7B}7*7}",
  "a\u0000b",
  "\u0000",
  "\uD800",
  "\u202Eevil",
  "😀🏳️‍🌈",
  "ß𝔘ℕ𝕀ℂ𝕆𝔻𝔼",
  "\r\nX-Injected: 1",
  "../../../etc/passwd",
  "%00",
  "%",
  "null",
  "NaN",
  "-1",
  "1e309",
  "0x10",
  "__proto__",
  "constructor",
  "x".repeat(10_000),
] as const;

/** Numbers at and past every edge: negative, fractional, huge, beyond 32 and 53 bits. */
export const hostileNumbers = [
  -1,
  0,
  -0,
  0.5,
  -2_147_483_649,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
] as const;

/** Any JSON value of the wrong kind for a field. */
const wrongKind = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(...hostileNumbers),
  fc.constantFrom(...hostileStrings),
  fc.constant([]),
  fc.constant({}),
  fc.constant({ $gt: "" }),
  fc.array(fc.string(), { maxLength: 3 }),
);

export const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.constantFrom(...hostileNumbers),
  wrongKind,
  fc.string({ unit: "grapheme", maxLength: 40 }),
);

type Options = { document: OpenApiDocument; hostile: boolean; depth?: number };

const uuidV7 = fc.uuid({ version: 7 });

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === "number" ? schema.minLength : 0;
  const maxLength =
    typeof schema.maxLength === "number" ? Math.min(schema.maxLength, minLength + 30) : minLength + 30;
  switch (schema.format) {
    case "uuid":
      return uuidV7;
    case "ipv4":
      return fc.ipV4();
    case "ipv6":
      return fc.ipV6();
    case "email":
      return fc.emailAddress();
    case "date-time":
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    case "uri":
      return fc.webUrl();
  }
  if (typeof schema.pattern === "string") return fc.stringMatching(new RegExp(schema.pattern));
  return fc.string({ minLength, maxLength, unit: "grapheme" });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = typeof schema.minimum === "number" ? schema.minimum : -1_000_000;
  const max = typeof schema.maximum === "number" ? schema.maximum : 1_000_000;
  return integer
    ? fc.integer({ min: Math.ceil(Math.max(min, -1e9)), max: Math.floor(Math.min(max, 1e9)) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Plain addresses: the schema says "string" for e-mail fields whose check is a refinement. */
const plainEmail = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/), fc.constantFrom("example.com", "mail.test"))
  .map(([user, domain]) => `${user}@${domain}`);
const looksLikeEmail = (name: string, schema: JsonSchema) =>
  /e-?mail|username|^to$/i.test(name) && schema.type === "string" && !schema.format && !schema.enum;

/** `{ "not": {} }`: a property that must be absent (e.g. a field a route refuses with a message). */
const forbidden = (schema: JsonSchema) =>
  typeof schema.not === "object" && schema.not !== null && Object.keys(schema.not).length === 0;

function objectArbitrary(schema: JsonSchema, options: Options): fc.Arbitrary<unknown> {
  const all = (schema.properties ?? {}) as Record<string, JsonSchema>;
  // Valid bodies leave forbidden properties out; hostile ones may still send them.
  const properties = options.hostile
    ? all
    : Object.fromEntries(Object.entries(all).filter(([, value]) => !forbidden(value)));
  const required = new Set((schema.required ?? []) as string[]);
  const propertyValue = (name: string, value: JsonSchema) => {
    if (!looksLikeEmail(name, resolveRef(options.document, value))) return schemaValue(value, options);
    return options.hostile ? fc.oneof(plainEmail, schemaValue(value, options)) : plainEmail;
  };
  const record = fc.record(
    Object.fromEntries(Object.entries(properties).map(([name, value]) => [name, propertyValue(name, value)])),
    { requiredKeys: [...required].filter((name) => name in properties) },
  );
  if (!options.hostile) return record;
  // Hostile objects may also lose a required field or carry an unknown one.
  return fc
    .tuple(
      record,
      fc.option(fc.constantFrom(...required, "__proto__")),
      fc.option(fc.string({ maxLength: 12 })),
    )
    .map(([value, dropped, extra]) => {
      const copy: Record<string, unknown> = { ...(value as object) };
      if (dropped) delete copy[dropped];
      if (extra) copy[extra] = "unexpected";
      return copy;
    });
}

/**
 * A value for a JSON Schema (draft 2020-12, as the document has them). With `hostile`, any leaf may be
 * replaced by text or numbers from the lists above or by a value of the wrong kind; without, the values
 * keep to the schema (patterns and formats included), so the routes' own rules beyond it are reached.
 */
export function schemaValue(input: JsonSchema, options: Options): fc.Arbitrary<unknown> {
  const schema = resolveRef(options.document, input);
  const depth = (options.depth ?? 0) + 1;
  const inner = { ...options, depth };
  const exact = exactValueOf(schema, inner);
  if (!options.hostile) return exact;
  const isLeaf = schema.type !== "object" && schema.type !== "array";
  return isLeaf ? fc.oneof({ arbitrary: exact, weight: 2 }, { arbitrary: hostileLeaf, weight: 1 }) : exact;
}

function exactValueOf(schema: JsonSchema, options: Options): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ("const" in schema) return fc.constant(schema.const);
  const choices = (schema.anyOf ?? schema.oneOf ?? schema.allOf) as JsonSchema[] | undefined;
  if (choices?.length) return fc.oneof(...choices.map((choice) => schemaValue(choice, options)));
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  const kinds = type.filter((kind): kind is string => typeof kind === "string");
  if (kinds.length > 1) {
    return fc.oneof(...kinds.map((kind) => exactValueOf({ ...schema, type: kind }, options)));
  }
  switch (kinds[0]) {
    case "string":
      return stringArbitrary(schema);
    case "integer":
      return numberArbitrary(schema, true);
    case "number":
      return numberArbitrary(schema, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const items = (schema.items ?? {}) as JsonSchema;
      const minLength = typeof schema.minItems === "number" ? schema.minItems : 0;
      const maxLength = Math.min(typeof schema.maxItems === "number" ? schema.maxItems : 5, minLength + 5);
      return fc.array(schemaValue(items, options), { minLength, maxLength });
    }
    case "object":
      return objectArbitrary(schema, options);
    default:
      // No type: anything JSON.
      return (options.depth ?? 0) > 4 ? fc.constant(null) : fc.jsonValue({ maxDepth: 3 });
  }
}
