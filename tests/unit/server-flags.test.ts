// The serving processes' Node flags (server/flags.ts) are written twice: there, for
// what the scripts spawn and fork, and in package.json's start commands, which must name them on
// `node` itself (the main process cannot take them once it runs). This keeps the two alike.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS, withServerFlags } from "../../server/flags";

const scripts = JSON.parse(fs.readFileSync(path.join(__dirname, "../../package.json"), "utf8")).scripts as Record<string, string>;

describe("the serving processes' Node flags", () => {
  it.each(["start", "go"])("npm run %s starts the server with them", (name) => {
    const command = scripts[name].split("&&").at(-1)!.trim();
    expect(command).toBe(`node ${SERVER_NODE_FLAGS.join(" ")} scripts/start.mjs start`);
  });

  it("are added to a forked sibling's execArgv, once, and never over a value given by hand", () => {
    expect(withServerFlags([])).toEqual(SERVER_NODE_FLAGS);
    expect(withServerFlags(["--enable-source-maps"])).toEqual(["--enable-source-maps", ...SERVER_NODE_FLAGS]);
    expect(withServerFlags(SERVER_NODE_FLAGS)).toEqual(SERVER_NODE_FLAGS);
    expect(withServerFlags(["--v8-pool-size=3"])).toEqual(["--v8-pool-size=3"]);
  });
});
