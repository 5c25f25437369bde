// The layers' direction (issues 13 and 48): data flows app → components / services → db, and the
// server and the scripts use lib/, never the other way. Nothing under lib/ imports components/ or
// app/; nothing under lib/ or components/ imports scripts/ or bench/ (what both sides share lives
// in lib/shared/); no component reads the server's configuration (env()): pages pass what a
// component needs as props.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (rel !== path.join("lib", "generated")) out.push(...sources(rel));
    } else if (/\.(ts|tsx)$/.test(e.name)) out.push(rel);
  }
  return out;
}

/** The module specifiers a file imports or re-exports (static and dynamic). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  const specs: string[] = [];
  for (const m of text.matchAll(/(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)) specs.push(m[1] ?? m[2]);
  return specs;
}

describe("layering", () => {
  it("finds the files it checks", () => {
    expect(sources("lib").length).toBeGreaterThan(50);
    expect(sources("components").length).toBeGreaterThan(30);
  });

  it("nothing under lib/ imports components/ or app/", () => {
    const bad = sources("lib").flatMap((f) => importsOf(f).filter((s) => /^@\/(components|app)\//.test(s)).map((s) => `${f} → ${s}`));
    expect(bad).toEqual([]);
  });

  it("nothing under lib/ or components/ imports scripts/ or bench/", () => {
    const bad = [...sources("lib"), ...sources("components")].flatMap((f) =>
      importsOf(f)
        .filter((s) => /^@\/(scripts|bench)\//.test(s) || /^(\.\.\/)+(scripts|bench)\//.test(s))
        .map((s) => `${f} → ${s}`),
    );
    expect(bad).toEqual([]);
  });

  it("no component reads the server's configuration", () => {
    const bad = sources("components").flatMap((f) => importsOf(f).filter((s) => s === "@/lib/env").map((s) => `${f} → ${s}`));
    expect(bad).toEqual([]);
  });
});
