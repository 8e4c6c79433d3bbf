import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

// The repository checks (boundaries, file budget): each probe writes a temporary file into the real tree.
export default defineProject({
  test: {
    name: "scripts",
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["*.test.mjs"],
    testTimeout: 60_000,
    // One file at a time: one file's probe (an oversized or stray module) must never be in the tree while
    // another file checks that the whole tree passes.
    fileParallelism: false,
  },
});
