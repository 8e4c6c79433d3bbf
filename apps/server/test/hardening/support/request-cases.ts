import fc from "fast-check";
import { multipartBody, tinyPng } from "../../support/multipart.ts";
import { type JsonSchema, type OpenApiDocument, type Operation, resolveRef } from "./openapi-operations.ts";
import { hostileLeaf, hostileStrings, schemaValue } from "./schema-arbitrary.ts";

/** One request as app.inject takes it, with a label that says what kind of input it is. */
export type RequestCase = {
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

/** Path segments that are not ids: numbers, injections, traversal, encodings, very long text. */
export const notIds = [
  "1",
  "-1",
  "0",
  "1e309",
  "null",
  "undefined",
  "true",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "0190d2c4-1f1e-7b5a-9c3d-ZZZZZZZZZZZZ",
  "0190D2C4-1F1E-7B5A-9C3D-4E5F6A7B8C9D",
  "0190d2c4-1f1e-7b5a-9c3d-4e5f6a7b8c9d%20",
  "%27%20OR%20%271%27%3D%271",
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "%00",
  "a%00b",
  "..%2F..%2Fetc%2Fpasswd",
  "%2e%2e",
  "%F0%9F%98%80",
  "%E2%80%AE",
  "%FF",
  "%",
  "x".repeat(3000),
];

/** Bodies no client should send: oversized, nested past any reason, malformed, or of another type. */
export function specialBodies(): {
  kind: string;
  contentType: string | undefined;
  payload: string | Buffer;
}[] {
  const deepArray = `${"[".repeat(50_000)}${"]".repeat(50_000)}`;
  const deepObject = `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`;
  return [
    {
      kind: "oversized JSON",
      contentType: "application/json",
      payload: JSON.stringify({ a: "x".repeat(1_100_000) }),
    },
    { kind: "deep JSON array", contentType: "application/json", payload: deepArray },
    { kind: "deep JSON object", contentType: "application/json", payload: deepObject },
    { kind: "cut JSON", contentType: "application/json", payload: '{"queryParams":{"filter":' },
    { kind: "JSON with trailing garbage", contentType: "application/json", payload: '{"a":1}garbage' },
    { kind: "empty JSON body", contentType: "application/json", payload: "" },
    { kind: "JSON null", contentType: "application/json", payload: "null" },
    { kind: "JSON string", contentType: "application/json", payload: '"text"' },
    {
      kind: "JSON with NUL",
      contentType: "application/json",
      payload: '{"name":"a\\u0000b","title":"\\u0000"}',
    },
    {
      kind: "prototype pollution",
      contentType: "application/json",
      payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
    },
    {
      kind: "invalid UTF-8",
      contentType: "application/json",
      payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    },
    { kind: "UTF-16 charset", contentType: "application/json; charset=utf-16", payload: '{"a":1}' },
    { kind: "text/plain", contentType: "text/plain", payload: "hello" },
    {
      kind: "XML",
      contentType: "application/xml",
      payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    },
    { kind: "form-urlencoded", contentType: "application/x-www-form-urlencoded", payload: "a=1&a=2&b[c]=3" },
    { kind: "octet-stream", contentType: "application/octet-stream", payload: Buffer.from(tinyPng) },
    { kind: "no content type", contentType: undefined, payload: '{"a":1}' },
    { kind: "multipart without boundary", contentType: "multipart/form-data", payload: "--x\r\n" },
    {
      kind: "cut multipart",
      contentType: "multipart/form-data; boundary=cut",
      payload: '--cut\r\nContent-Disposition: form-data; name="name"\r\n\r\nabc',
    },
    {
      kind: "multipart SVG with a traversal name",
      ...(() => {
        const form = multipartBody(
          { name: "<b>x</b>", order: "-1", appName: "A\u0000" },
          {
            file: {
              filename: "../../etc/passwd.svg",
              contentType: "image/svg+xml",
              content: Buffer.from("<svg onload=alert(1)/>"),
            },
            logo: {
              filename: "..\\..\\x.png",
              contentType: "image/png",
              content: Buffer.from("GIF89a<script>"),
            },
          },
        );
        return { contentType: form.headers["content-type"], payload: form.payload };
      })(),
    },
    {
      kind: "multipart oversized file",
      ...(() => {
        const form = multipartBody(
          { name: "Big" },
          {
            file: {
              filename: "big.png",
              contentType: "image/png",
              content: Buffer.concat([tinyPng, Buffer.alloc(2_200_000)]),
            },
          },
        );
        return { contentType: form.headers["content-type"], payload: form.payload };
      })(),
    },
  ];
}

/** Query strings that parsers trip over: repeats, brackets, encodings, huge numbers. */
export const specialQueries = [
  "?group=true&group=false",
  "?group[]=1",
  "?group[a]=1",
  "?pageSize=1e309&pageNumber=-1",
  "?tz=%00&range=%FF",
  "?tz=../../etc&range=today",
  "?status=%27%20OR%201%3D1--",
  `?x=${"y".repeat(8000)}`,
  "?%",
  "?&&&=&=",
];

const asQueryText = (value: unknown): string =>
  typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value);

function queryString(values: unknown): string {
  if (!values || typeof values !== "object" || Array.isArray(values)) return "";
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, asQueryText(item));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** A multipart form from the document's schema: `format: binary` fields become files. */
function multipartArbitrary(schema: JsonSchema, document: OpenApiDocument, hostile: boolean) {
  const properties = (resolveRef(document, schema).properties ?? {}) as Record<string, JsonSchema>;
  const fileFields = Object.keys(properties).filter((name) => properties[name]?.format === "binary");
  const fieldSchema = {
    ...schema,
    properties: Object.fromEntries(Object.entries(properties).filter(([name]) => !fileFields.includes(name))),
  };
  const file = fc.oneof(
    fc.constant({ filename: "icon.png", contentType: "image/png", content: tinyPng }),
    fc.constant({ filename: "x.svg", contentType: "image/svg+xml", content: Buffer.from("<svg/>") }),
    fc
      .uint8Array({ maxLength: 64 })
      .map((bytes) => ({ filename: "random.png", contentType: "image/png", content: Buffer.from(bytes) })),
    fc.constantFrom(...hostileStrings).map((name) => ({
      filename: name.slice(0, 200) || "empty",
      contentType: "image/png",
      content: tinyPng,
    })),
  );
  return fc
    .tuple(
      schemaValue(fieldSchema, { document, hostile }),
      fc.record(Object.fromEntries(fileFields.map((name) => [name, file])), { requiredKeys: [] }),
    )
    .map(([fields, files]) => {
      const texts = Object.fromEntries(
        Object.entries((fields ?? {}) as Record<string, unknown>).map(([name, value]) => [
          name,
          asQueryText(value),
        ]),
      );
      const form = multipartBody(
        texts,
        files as Record<string, { filename: string; contentType: string; content: Buffer }>,
      );
      return { contentType: form.headers["content-type"], payload: form.payload };
    });
}

function bodyArbitrary(operation: Operation, document: OpenApiDocument) {
  const none = fc.constant<{ contentType: string | undefined; payload: string | Buffer | undefined }>({
    contentType: undefined,
    payload: undefined,
  });
  if (!operation.body) {
    return fc.oneof(
      { arbitrary: none, weight: 4 },
      {
        arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value) => ({
          contentType: "application/json" as string | undefined,
          payload: JSON.stringify(value) as string | Buffer | undefined,
        })),
        weight: 1,
      },
    );
  }
  const { contentType, schema } = operation.body;
  if (contentType.startsWith("multipart/")) {
    return fc.oneof(multipartArbitrary(schema, document, false), multipartArbitrary(schema, document, true));
  }
  const encode =
    contentType === "application/x-www-form-urlencoded"
      ? (value: unknown) => queryString(value).slice(1)
      : (value: unknown) => JSON.stringify(value) ?? "null";
  return fc
    .oneof(
      { arbitrary: schemaValue(schema, { document, hostile: false }), weight: 2 },
      { arbitrary: schemaValue(schema, { document, hostile: true }), weight: 4 },
      { arbitrary: fc.jsonValue({ maxDepth: 4 }), weight: 1 },
      { arbitrary: hostileLeaf, weight: 1 },
    )
    .map((value) => ({
      contentType: contentType as string | undefined,
      payload: encode(value) as string | Buffer | undefined,
    }));
}

export type PathValues = (name: string, operation: Operation) => string[];

function pathArbitrary(operation: Operation, document: OpenApiDocument, realValues: PathValues) {
  return fc.tuple(
    ...operation.pathParams.map((param) => {
      const real = realValues(param.name, operation);
      return fc.oneof(
        ...(real.length ? [{ arbitrary: fc.constantFrom(...real), weight: 3 }] : []),
        {
          arbitrary: schemaValue(param.schema, { document, hostile: false }).map((v) =>
            encodeURIComponent(asQueryText(v)),
          ),
          weight: 1,
        },
        { arbitrary: fc.constantFrom(...notIds), weight: 2 },
        {
          arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }).map(encodeURIComponent),
          weight: 1,
        },
      );
    }),
  );
}

export function urlOf(operation: Operation, values: readonly string[]) {
  let index = 0;
  return operation.route.replace(/:\w+/g, () => values[index++] ?? "x");
}

/** Generated requests for one operation: path values, query and body from its schemas, hostile or not. */
export function requestArbitrary(
  operation: Operation,
  document: OpenApiDocument,
  realValues: PathValues,
  headers: Record<string, string>,
): fc.Arbitrary<RequestCase> {
  const query = operation.query
    ? fc.oneof(
        schemaValue(operation.query, { document, hostile: false }).map(queryString),
        schemaValue(operation.query, { document, hostile: true }).map(queryString),
        fc.constantFrom(...specialQueries),
      )
    : fc.oneof(
        { arbitrary: fc.constant(""), weight: 4 },
        { arbitrary: fc.constantFrom(...specialQueries), weight: 1 },
      );
  return fc
    .tuple(pathArbitrary(operation, document, realValues), query, bodyArbitrary(operation, document))
    .map(([path, search, body]) => ({
      kind: "generated",
      method: operation.method,
      url: `${urlOf(operation, path)}${search}`,
      headers: { ...headers, ...(body.contentType ? { "content-type": body.contentType } : {}) },
      ...(body.payload === undefined ? {} : { payload: body.payload }),
    }));
}

/** The fixed hostile bodies, each sent once to the operation with real path values. */
export function specialCases(
  operation: Operation,
  realValues: PathValues,
  headers: Record<string, string>,
): RequestCase[] {
  const path = operation.pathParams.map((param) => realValues(param.name, operation)[0] ?? "x");
  const url = urlOf(operation, path);
  const bodies = ["GET", "DELETE"].includes(operation.method) ? specialBodies().slice(0, 3) : specialBodies();
  return bodies.map((body) => ({
    kind: body.kind,
    method: operation.method,
    url,
    headers: { ...headers, ...(body.contentType ? { "content-type": body.contentType } : {}) },
    payload: body.payload,
  }));
}

/**
 * Bodies that keep to the operation's schema (a real image for each file field): what a correct client
 * sends, so a refusal comes from the rule under test rather than from validation. A few to try in turn.
 */
export function validBodies(
  operation: Operation,
  document: OpenApiDocument,
  seed: number,
): { contentType: string; payload: string | Buffer }[] {
  if (!operation.body) return [];
  const { contentType, schema } = operation.body;
  if (!contentType.startsWith("multipart/")) {
    return fc
      .sample(schemaValue(schema, { document, hostile: false }), { seed, numRuns: 8 })
      .map((value) => ({ contentType, payload: JSON.stringify(value) }));
  }
  const properties = (resolveRef(document, schema).properties ?? {}) as Record<string, JsonSchema>;
  const files = Object.keys(properties).filter((name) => properties[name]?.format === "binary");
  const fieldSchema = {
    ...schema,
    properties: Object.fromEntries(Object.entries(properties).filter(([name]) => !files.includes(name))),
  };
  return fc
    .sample(schemaValue(fieldSchema, { document, hostile: false }), { seed, numRuns: 8 })
    .map((fields) => {
      const texts = Object.fromEntries(
        Object.entries((fields ?? {}) as Record<string, unknown>).map(([name, value]) => [
          name,
          asQueryText(value),
        ]),
      );
      const form = multipartBody(
        texts,
        Object.fromEntries(
          files.map((name) => [
            name,
            { filename: `${name}.png`, contentType: "image/png", content: tinyPng },
          ]),
        ),
      );
      return { contentType: form.headers["content-type"], payload: form.payload };
    });
}
