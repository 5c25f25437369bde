// The build's compile hint (server/compile-hints.ts): which scripts get it, and only once.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMPILE_HINT, markEagerCompile } from "@/server/compile-hints";

let dist: string;
const chunks = () => path.join(dist, "static", "chunks");
const write = (rel: string, body: string) => {
  const file = path.join(chunks(), rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
  return file;
};
const read = (rel: string) => fs.readFileSync(path.join(chunks(), rel), "utf8");

beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "compile-hints-"));
});
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

describe("markEagerCompile", () => {
  it("puts the hint first in each script of at least minBytes, in sub-folders too, and leaves the rest", () => {
    const big = "(globalThis.TURBOPACK||[]).push([1,()=>{}]);\n".repeat(50);
    write("big.js", big);
    write("app/page/deep.js", big);
    write("small.js", "var a=1;");
    write("style.css", big);
    const marked = markEagerCompile(dist, { minBytes: 1000 }).map((f) => path.relative(chunks(), f)).sort();
    expect(marked).toEqual(["app/page/deep.js", "big.js"]);
    expect(read("big.js")).toBe(COMPILE_HINT + big);
    expect(read("app/page/deep.js")).toBe(COMPILE_HINT + big);
    expect(read("small.js")).toBe("var a=1;");
    expect(read("style.css")).toBe(big);
    // the exact comment V8 reads, on a line of its own at the very top
    expect(read("big.js").split("\n")[0]).toBe("//# allFunctionsCalledOnLoad");
    expect(fs.readdirSync(chunks()).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("marks a script once: a second run changes nothing", () => {
    const big = "x".repeat(2000);
    write("a.js", big);
    expect(markEagerCompile(dist, { minBytes: 1000 })).toHaveLength(1);
    expect(markEagerCompile(dist, { minBytes: 1000 })).toEqual([]);
    expect(read("a.js")).toBe(COMPILE_HINT + big);
  });

  it("moves a script's source map down the added line, plain or indexed, and leaves the maps of unmarked scripts", () => {
    const big = "x".repeat(2000);
    write("plain.js", big);
    write("plain.js.map", JSON.stringify({ version: 3, sources: ["a.ts"], names: [], mappings: "AAAA;AACA" }));
    write("indexed.js", big);
    write("indexed.js.map", JSON.stringify({ version: 3, sections: [{ offset: { line: 0, column: 0 }, map: { version: 3, sources: ["a.ts"], names: [], mappings: "AAAA" } }, { offset: { line: 3, column: 5 }, map: { version: 3, sources: ["b.ts"], names: [], mappings: "AAAA" } }] }));
    write("small.js", "var a=1;");
    const smallMap = JSON.stringify({ version: 3, sources: ["c.ts"], names: [], mappings: "AAAA" });
    write("small.js.map", smallMap);
    markEagerCompile(dist, { minBytes: 1000 });
    expect(JSON.parse(read("plain.js.map")).mappings).toBe(";AAAA;AACA");
    expect(JSON.parse(read("indexed.js.map")).sections.map((s: { offset: unknown }) => s.offset)).toEqual([{ line: 1, column: 0 }, { line: 4, column: 5 }]);
    expect(read("small.js.map")).toBe(smallMap);
    // marked once, so shifted once
    markEagerCompile(dist, { minBytes: 1000 });
    expect(JSON.parse(read("plain.js.map")).mappings).toBe(";AAAA;AACA");
  });

  it("stops at a source map it cannot read, with the script and its map as they were", () => {
    const big = "x".repeat(2000);
    write("a.js", big);
    write("a.js.map", "{ not json");
    write("b.js", big);
    write("b.js.map", JSON.stringify({ version: 3, names: [] }));
    expect(() => markEagerCompile(dist, { minBytes: 1000 })).toThrow();
    expect(read("a.js")).toBe(big);
    expect(read("a.js.map")).toBe("{ not json");
    fs.rmSync(path.join(chunks(), "a.js.map"));
    expect(() => markEagerCompile(dist, { minBytes: 1000 })).toThrow(/not a source map/);
    expect(read("b.js")).toBe(big);
    expect(fs.readdirSync(chunks()).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("does nothing where there is no build", () => {
    expect(markEagerCompile(path.join(dist, "none"))).toEqual([]);
  });
});
