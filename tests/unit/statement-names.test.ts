import { describe, expect, it } from "vitest";
import { statementNames } from "@/lib/db/statement-names";

describe("statement names", () => {
  it("gives one text one name, and another text another", () => {
    const name = statementNames();
    const a = name({ sql: "SELECT 1 WHERE $1", args: [1] });
    expect(a).toMatch(/^f_[A-Za-z0-9_-]{24}$/);
    expect(name({ sql: "SELECT 1 WHERE $1", args: ["x"] })).toBe(a);
    expect(name({ sql: "SELECT 2 WHERE $1", args: [1] })).not.toBe(a);
    // the same text in another process (another generator) gets the same name
    expect(statementNames()({ sql: "SELECT 1 WHERE $1", args: [] })).toBe(a);
  });

  it("leaves long statements, many parameters and texts beyond the bound unnamed", () => {
    const name = statementNames(2);
    expect(name({ sql: `SELECT ${"1,".repeat(5000)}1`, args: [] })).toBe("");
    expect(name({ sql: "INSERT INTO t VALUES ($1)", args: Array.from({ length: 101 }, () => 0) })).toBe("");
    const a = name({ sql: "SELECT 'a'", args: [] });
    const b = name({ sql: "SELECT 'b'", args: [] });
    expect([a, b].every(Boolean)).toBe(true);
    expect(name({ sql: "SELECT 'c'", args: [] })).toBe("");
    // those already named keep their names
    expect(name({ sql: "SELECT 'a'", args: [] })).toBe(a);
  });
});
