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

/**
 * The contract's messages (English) the web may use outside translateMessage() because no one reads them,
 * as "file: messages.X" with why. None today: every one the web uses is shown, and a refusal is recognised
 * by its code (ApiError.code), not by comparing its text, which is in the language shown.
 */
const notShown = new Map<string, string>([
  // e.g. ["lib/example.ts: messages.internal", "a log line for developers, never on screen"],
]);

const catalogueNames = new Map<ts.SourceFile, string | undefined>();

/** The name a file gives the contract's message catalogue (`messages`, or its alias), if it imports it. */
function catalogueName(file: ts.SourceFile): string | undefined {
  if (!catalogueNames.has(file)) {
    let local: string | undefined;
    for (const statement of file.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const bindings = statement.importClause?.namedBindings;
      if (
        statement.moduleSpecifier.text !== "@rewards/contract" ||
        !bindings ||
        !ts.isNamedImports(bindings)
      ) {
        continue;
      }
      const imported = bindings.elements.find(
        (element) => (element.propertyName ?? element.name).text === "messages",
      );
      if (imported) local = imported.name.text;
    }
    catalogueNames.set(file, local);
  }
  return catalogueNames.get(file);
}

/** Whether an identifier names a variable here, not a member (`x.messages`), a key or the import itself. */
function isReference(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if (ts.isPropertyAssignment(parent) && parent.name === node) return false;
  return !ts.isImportSpecifier(parent);
}

/** Whether a node is within an argument of translateMessage(…), which shows it in the language chosen. */
function insideTranslateMessage(node: ts.Node): boolean {
  for (let inside = node; !ts.isSourceFile(inside.parent); inside = inside.parent) {
    const parent = inside.parent;
    if (
      ts.isCallExpression(parent) &&
      parent.expression.getText() === "translateMessage" &&
      parent.arguments.some((argument) => argument === inside)
    ) {
      return true;
    }
  }
  return false;
}

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

  it("a server message (the contract's messages, in English) is shown only through translateMessage()", () => {
    const untranslated: string[] = [];
    visitAll((node, name) => {
      const catalogue = catalogueName(node.getSourceFile());
      if (!catalogue || !ts.isIdentifier(node) || node.text !== catalogue || !isReference(node)) return;
      // The use is messages.X (or messages[code]); the catalogue itself, handed on or taken apart, counts too.
      const parent = node.parent;
      const use =
        (ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) &&
        parent.expression === node
          ? parent
          : node;
      if (insideTranslateMessage(use)) return;
      const text = use.getText();
      if (notShown.has(`${name}: ${text}`)) return;
      const line = ts.getLineAndCharacterOfPosition(node.getSourceFile(), node.getStart()).line + 1;
      untranslated.push(`${name}:${line}: ${text}`);
    });
    expect(untranslated).toEqual([]);
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
