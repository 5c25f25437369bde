// V8's explicit compile hint on the build's scripts (`npm run build`, scripts/build.mts; the floors
// of `npm run bench:pages` get the same): a file that starts with the magic comment
// `//# allFunctionsCalledOnLoad` has all its functions compiled while it downloads, on the
// browser's background thread, instead of each one on the main thread when it is first called
// (Chrome 136 and later; other browsers read a comment). Our pages call most of what they load:
// React, Next's router, MUI and emotion hydrate the whole page. Measured on the demo household's
// Home (Chromium, CPU slowed 4×): the main thread's compiling went from about 1.8 s to 10 ms;
// Lighthouse's median TBT fell by about a fifth on Home and /login (docs/performance.md,
// "JavaScript per page").
// Files under MIN_BYTES are left as they are: they compile quickly, and the comment (about 22
// bytes once compressed) would be a larger share of what they weigh. A script's source map, when
// the build writes one beside it (`productionBrowserSourceMaps`), is moved down the added line.
import fs from "node:fs";
import path from "node:path";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";
const MIN_BYTES = 16 * 1024;

/**
 * Puts the compile hint at the top of every script of `distDir`/static/chunks (and below) of at
 * least `minBytes`, once: a file that has it already is left alone, so a second run changes
 * nothing. A script's source map is read before the script changes, so a map that cannot be read
 * stops the marking with both files as they were. Returns the files marked.
 */
export function markEagerCompile(distDir: string, { minBytes = MIN_BYTES } = {}): string[] {
  const marked: string[] = [];
  const hint = Buffer.from(COMPILE_HINT);
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(file);
        continue;
      }
      if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
      const body = fs.readFileSync(file);
      if (body.length < minBytes || body.subarray(0, hint.length).equals(hint)) continue;
      const map = shiftedSourceMap(`${file}.map`);
      replaceWhole(file, Buffer.concat([hint, body]));
      if (map) replaceWhole(`${file}.map`, map);
      marked.push(file);
    }
  };
  const chunks = path.join(distDir, "static", "chunks");
  if (fs.existsSync(chunks)) walk(chunks);
  return marked;
}

/** Writes `data` to `file` through a temporary file renamed over it: a reader sees one or the other. */
function replaceWhole(file: string, data: Buffer | string) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, file);
}

/**
 * The source map `file` (if there is one) moved one generated line down, for the line the hint
 * adds: a plain map gets an empty first line (a leading ";" in its mappings), an index map's
 * sections each start a line lower. Undefined when there is no map; throws when it is not one.
 */
function shiftedSourceMap(file: string): string | undefined {
  if (!fs.existsSync(file)) return undefined;
  const map = JSON.parse(fs.readFileSync(file, "utf8"));
  if (Array.isArray(map?.sections)) {
    for (const section of map.sections as { offset?: { line?: number } }[]) section.offset = { ...section.offset, line: (section.offset?.line ?? 0) + 1 };
  } else if (typeof map?.mappings === "string") {
    map.mappings = `;${map.mappings}`;
  } else {
    throw new Error(`${file} is not a source map (no mappings, no sections)`);
  }
  return JSON.stringify(map);
}
