import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The web app's texts live in the locale files only, and every English key is used: checked on the source
// with TypeScript's own parser.
const here = dirname(fileURLToPath(import.meta.url));
const sourceRoot = join(here, "..");
const english: Record<string, string> = JSON.parse(readFileSync(join(here, "en.json"), "utf8"));

const sources = readdirSync(sourceRoot, { recursive: true, encoding: "utf8" })
  .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.startsWith("test/"))
  .map((name) => {
    const path = join(sourceRoot, name);
    const kind = name.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    return {
      name: relative(sourceRoot, path),
      file: ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true, kind),
    };
  });

function visitAll(visit: (node: ts.Node, name: string) => void) {
  for (const { name, file } of sources) {
    const walk = (node: ts.Node) => {
      visit(node, name);
      ts.forEachChild(node, walk);
    };
    walk(file);
  }
}

const hasWords = (text: string) => /\p{L}{2,}/u.test(text);
// Attributes a person reads or hears; their literal value must be a key (a DetailField's label="…").
const readAttributes = new Set([
  "label",
  "placeholder",
  "title",
  "aria-label",
  "description",
  "alt",
  "error",
]);

describe("texts in the source", () => {
  it("no JSX writes words of its own: they come from t() and the locale files", () => {
    const literal: string[] = [];
    visitAll((node, name) => {
      const where = () =>
        `${name}:${ts.getLineAndCharacterOfPosition(node.getSourceFile(), node.getStart()).line + 1}`;
      if (ts.isJsxText(node) && hasWords(node.text)) literal.push(`${where()}: ${node.text.trim()}`);
      if (
        ts.isJsxAttribute(node) &&
        readAttributes.has(node.name.getText()) &&
        node.initializer &&
        ts.isStringLiteral(node.initializer) &&
        hasWords(node.initializer.text) &&
        !(node.initializer.text in english)
      ) {
        literal.push(`${where()}: ${node.name.getText()}="${node.initializer.text}"`);
      }
    });
    expect(literal).toEqual([]);
  });

  it("t() is called only inside functions, so a text follows the language chosen after start-up", () => {
    const atModuleLevel: string[] = [];
    visitAll((node, name) => {
      if (!ts.isCallExpression(node) || node.expression.getText() !== "t") return;
      let scope: ts.Node | undefined = node.parent;
      while (scope && !ts.isFunctionLike(scope)) scope = scope.parent;
      if (!scope) atModuleLevel.push(`${name}: ${node.getText()}`);
    });
    expect(atModuleLevel).toEqual([]);
  });

  it("every English key is used: named whole in a string, or by a template's fixed start", () => {
    const named = new Set<string>();
    const prefixes = new Set<string>();
    visitAll((node) => {
      if (ts.isStringLiteralLike(node) && node.text in english) named.add(node.text);
      if (ts.isTemplateExpression(node) && node.head.text.includes(".")) prefixes.add(node.head.text);
    });
    const unused = Object.keys(english).filter(
      (key) => !named.has(key) && ![...prefixes].some((prefix) => key.startsWith(prefix)),
    );
    expect(unused).toEqual([]);
  });
});
