// The layers' direction (issues 13 and 48): app → components → lib, server → lib; scripts/ and
// bench/ use any of them and nothing uses them. Nothing under lib/ imports components/, app/,
// server/, scripts/ or bench/; nothing under components/ imports app/, server/, scripts/ or bench/;
// nothing under server/ imports app/, components/, scripts/ or bench/ (what the server and the app
// share lives in lib/shared/); no component reads the server's configuration (env()): pages pass
// what a component needs as props. Services speak the domain's errors (lib/errors.ts), not HTTP's:
// outside lib/http/, only an HTTP adapter of lib/ imports lib/http/errors.ts, and lib/errors.ts
// imports nothing from lib/http/.
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
    } else if (/\.(ts|tsx|mjs|cjs)$/.test(e.name)) out.push(rel);
  }
  return out;
}

/** The module specifiers a file imports or re-exports (static and dynamic, and require()). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  const specs: string[] = [];
  for (const m of text.matchAll(/(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|(?:import|require)\(\s*["']([^"']+)["']\s*\)/g)) specs.push(m[1] ?? m[2]);
  return specs;
}

/** The top folder of the checkout a specifier of `file` points into ("lib", "app", ...), or null for a package. */
function folderOf(file: string, spec: string): string | null {
  if (spec.startsWith("@/")) return spec.slice(2).split("/")[0];
  if (!spec.startsWith(".")) return null;
  return path.relative(ROOT, path.resolve(ROOT, path.dirname(file), spec)).split(path.sep)[0];
}

/** The checkout's path a specifier of `file` points to ("lib/http/errors", ...), or null for a package. */
function targetOf(file: string, spec: string): string | null {
  if (spec.startsWith("@/")) return spec.slice(2);
  if (!spec.startsWith(".")) return null;
  return path.relative(ROOT, path.resolve(ROOT, path.dirname(file), spec)).split(path.sep).join("/");
}

/** `file → specifier` for each import of the files under `dir` into one of `forbidden`. */
function importsInto(dir: string, forbidden: string[]): string[] {
  return sources(dir).flatMap((f) => importsOf(f).filter((s) => forbidden.includes(folderOf(f, s) ?? "")).map((s) => `${f} → ${s}`));
}

describe("layering", () => {
  it("finds the files it checks", () => {
    expect(sources("lib").length).toBeGreaterThan(50);
    expect(sources("components").length).toBeGreaterThan(30);
  });

  it("sees an inverted import, by alias or by relative path", () => {
    expect(folderOf("lib/x/y.ts", "@/components/a")).toBe("components");
    expect(folderOf("lib/x/y.ts", "../../server/main")).toBe("server");
    expect(folderOf("lib/x/y.ts", "../z")).toBe("lib");
    expect(folderOf("lib/x/y.ts", "zod")).toBeNull();
  });

  it("nothing under lib/ imports components/, app/, server/, scripts/ or bench/", () => {
    expect(importsInto("lib", ["components", "app", "server", "scripts", "bench"])).toEqual([]);
  });

  it("nothing under components/ imports app/, server/, scripts/ or bench/", () => {
    expect(importsInto("components", ["app", "server", "scripts", "bench"])).toEqual([]);
  });

  it("nothing under server/ imports app/, components/, scripts/ or bench/", () => {
    expect(sources("server").length).toBeGreaterThan(10);
    expect(importsInto("server", ["app", "components", "scripts", "bench"])).toEqual([]);
  });

  it("outside lib/http/, only lib/'s HTTP adapters import lib/http/errors; lib/errors.ts nothing of lib/http/", () => {
    const adapters = [path.join("lib", "auth", "next-auth-http.ts")];
    const outside = sources("lib").filter((f) => !f.startsWith(path.join("lib", "http") + path.sep) && !adapters.includes(f));
    const bad = outside.flatMap((f) => importsOf(f).filter((s) => /^lib\/http\/errors(\.ts)?$/.test(targetOf(f, s) ?? "")).map((s) => `${f} → ${s}`));
    expect(bad).toEqual([]);
    expect(importsOf(path.join("lib", "errors.ts")).filter((s) => targetOf("lib/errors.ts", s)?.startsWith("lib/http"))).toEqual([]);
    expect(targetOf("lib/services/x/y.ts", "../../http/errors")).toBe("lib/http/errors");
  });

  it("no component reads the server's configuration", () => {
    const bad = sources("components").flatMap((f) => importsOf(f).filter((s) => s === "@/lib/env").map((s) => `${f} → ${s}`));
    expect(bad).toEqual([]);
  });
});
