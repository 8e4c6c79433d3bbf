import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

// The repository checks (boundaries, file budget): each probe writes a temporary file into the real tree.
export default defineProject({
  test: {
    name: "scripts",
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["*.test.mjs"],
    testTimeout: 60_000,
  },
});
