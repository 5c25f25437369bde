// V8's explicit compile hint on the build's scripts (`npm run build`, scripts/build.mjs; the floors
// of `npm run bench:pages` get the same): a file that starts with the magic comment
// `//# allFunctionsCalledOnLoad` has all its functions compiled while it downloads, on the
// browser's background thread, instead of each one on the main thread when it is first called
// (Chrome 136 and later; other browsers read a comment). Our pages call most of what they load:
// React, Next's router, MUI and emotion hydrate the whole page. Measured on the demo household's
// Home (Chromium, CPU slowed 4×): the main thread's compiling went from about 1.8 s to 10 ms, and
// Lighthouse's TBT fell by 15-20 % (docs/performance.md, "JavaScript per page").
// Files under MIN_BYTES are left as they are: they compile quickly, and the comment (about 22
// bytes once compressed) would be a larger share of what they weigh.
import fs from "node:fs";
import path from "node:path";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";
const MIN_BYTES = 16 * 1024;

/**
 * Puts the compile hint at the top of every script of `distDir`/static/chunks (and below) of at
 * least `minBytes`, once: a file that has it already is left alone, so a second run changes
 * nothing. Each file is replaced whole (a temporary file renamed over it). Returns the files marked.
 */
export function markEagerCompile(distDir, { minBytes = MIN_BYTES } = {}) {
  const marked = [];
  const hint = Buffer.from(COMPILE_HINT);
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(file);
        continue;
      }
      if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
      const body = fs.readFileSync(file);
      if (body.length < minBytes || body.subarray(0, hint.length).equals(hint)) continue;
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, Buffer.concat([hint, body]));
      fs.renameSync(tmp, file);
      marked.push(file);
    }
  };
  const chunks = path.join(distDir, "static", "chunks");
  if (fs.existsSync(chunks)) walk(chunks);
  return marked;
}
