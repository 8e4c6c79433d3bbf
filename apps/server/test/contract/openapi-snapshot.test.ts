import { readFile, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app.ts";

// The public API as it was before its endpoints moved into the contract: paths, parameters, bodies and
// answers must stay exactly these. After a deliberate change to the API, regenerate with
// UPDATE_OPENAPI_SNAPSHOT=1 and review the diff of the JSON file like any other change.
const snapshotFile = new URL("./openapi.snapshot.json", import.meta.url);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ outbox: false, apiDocs: "open" });
});
afterAll(() => t.close());

it("the OpenAPI document is the committed snapshot", async () => {
  const response = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(response.statusCode).toBe(200);
  const document = response.json();
  if (process.env.UPDATE_OPENAPI_SNAPSHOT) {
    await writeFile(snapshotFile, `${JSON.stringify(document, null, 2)}\n`);
  }
  const snapshot = JSON.parse(await readFile(snapshotFile, "utf8"));
  // Order of keys does not matter to a reader of the document; every path, schema and answer does.
  expect(document).toEqual(snapshot);
});
