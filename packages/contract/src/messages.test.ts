import { describe, expect, it } from "vitest";
import { describeMessage, type MessageCode, messages, messageTemplates } from "./messages.ts";

// Sample arguments: a number where the template's argument reads as one, a single word for a field or a
// method (they never hold spaces), else a text with spaces and a colon.
const sample = (name: string, index: number): string | number => {
  if (["n", "above", "limit", "left", "max", "balance", "cost"].includes(name)) return 1200 + index;
  if (name === "field" || name === "method") return `word${index}`;
  return `some value: ${index}`;
};

describe("the message catalogue", () => {
  it("gives every text back its own code and arguments", () => {
    const wrong: string[] = [];
    for (const code of Object.keys(messageTemplates) as MessageCode[]) {
      const entry = messages[code];
      if (typeof entry === "string") {
        const parts = describeMessage(entry);
        // Two codes may share one English text; the first one names it, and both read the same.
        if (messageTemplates[parts?.code ?? code] !== entry) wrong.push(code);
        continue;
      }
      const values = entry.names.map(sample);
      const text = (entry as (...values: (string | number)[]) => string)(...values);
      const parts = describeMessage(text);
      const expected = Object.fromEntries(entry.names.map((name, index) => [name, values[index]]));
      if (parts?.code !== code || JSON.stringify(parts.params) !== JSON.stringify(expected)) {
        wrong.push(`${code}: ${JSON.stringify(parts)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("tells the longer of two alike texts from the shorter", () => {
    expect(describeMessage(messages.min(8))).toEqual({ code: "min", params: { n: 8 } });
    expect(describeMessage(messages.minimum(8))).toEqual({ code: "minimum", params: { n: 8 } });
  });

  it("reads numbers back as numbers, plain or grouped", () => {
    expect(messages.maximum(100000)).toBe("Maximum 100000");
    expect(describeMessage(messages.maximum(100000))?.params).toEqual({ n: 100000 });
    expect(describeMessage(messages.pointsMoveLimit("1,000,000"))?.params).toEqual({ max: 1000000 });
  });

  it("describes a field's message by the field and the message's own code", () => {
    expect(describeMessage(messages.fieldInvalid("email", messages.wrongEmail))).toEqual({
      code: "fieldInvalid",
      params: { field: "email", message: messages.wrongEmail },
    });
  });

  it("knows no text that is not in it", () => {
    expect(describeMessage("Something nobody wrote")).toBeUndefined();
  });
});
