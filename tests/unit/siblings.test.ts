// Serving processes (server/siblings.ts): the main process deals new connections between
// itself and its siblings, and a sibling forwards the sandboxes to the main process (the setting:
// tests/unit/settings.test.ts).
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "@/server/flags";

const TSX = ["--import", "tsx"];

/** The fixture's main process with `env`, and the port it listens on. */
async function startFixture(env: Record<string, string>) {
  // (through tsx, for server/siblings.ts; the siblings it forks inherit that)
  const main = spawn(process.execPath, [...TSX, path.resolve("tests/fixtures/siblings/server.mjs")], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    main.stdout!.on("data", (d) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    main.on("exit", (code) => reject(new Error(`the fixture stopped (${code})`)));
  });
  return { main, port };
}

async function stopFixture(main: ChildProcess) {
  main.kill("SIGTERM");
  await new Promise((r) => main.once("exit", r));
}

/** A sibling runs with the serving flags (server/flags.ts), though this main process was started without them. */
const expectServingFlags = (answers: { role: string; execArgv: string[] }[]) => {
  for (const a of answers) expect(a.execArgv).toEqual(a.role === "sibling" ? [...TSX, ...SERVER_NODE_FLAGS] : TSX);
};

/** One request to `port` on a connection of its own. */
const askAt = (port: number, urlPath: string, body?: string) =>
  new Promise<{ pid: number; role: string; url: string; body: string; ip: string; noDelay: boolean; execArgv: string[] }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: urlPath, method: body ? "POST" : "GET", agent: false }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve(JSON.parse(text)));
    });
    req.on("error", reject);
    req.end(body);
  });

/** Asks on new connections until a sibling answers (true), or gives up after 10 s (false). */
async function siblingAnswers(port: number) {
  for (let i = 0; i < 200; i++) {
    if ((await askAt(port, `/then/${i}`)).role === "sibling") return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe("siblings started after the first answer", () => {
  it("leaves every connection to the main process until then, and deals them once the siblings are up", async () => {
    const { main, port } = await startFixture({ FOYER_PROCESSES: "2", FIRST_ANSWER_WAIT_MS: "60000" });
    try {
      // time enough for a sibling to be up, had it been started: the first connection would be its
      await new Promise((r) => setTimeout(r, 1000));
      expect((await askAt(port, "/first")).role).toBe("main");
      expect(await siblingAnswers(port)).toBe(true);
    } finally {
      await stopFixture(main);
    }
  }, 30_000);

  it("starts them anyway once the wait is over, when no request came", async () => {
    const { main, port } = await startFixture({ FOYER_PROCESSES: "2", FIRST_ANSWER_WAIT_MS: "200" });
    try {
      // the wait, and time for the sibling to be up: the first connection is then its (dealt in turn)
      await new Promise((r) => setTimeout(r, 3000));
      expect((await askAt(port, "/first")).role).toBe("sibling");
    } finally {
      await stopFixture(main);
    }
  }, 30_000);
});

describe("connections dealt between the processes", () => {
  let main: ChildProcess;
  let port = 0;
  beforeAll(async () => {
    ({ main, port } = await startFixture({ FOYER_PROCESSES: "3" }));
  }, 30_000);
  afterAll(() => stopFixture(main));

  /** One request on a connection of its own. */
  const ask = (urlPath: string, body?: string) => askAt(port, urlPath, body);

  it("serves each new connection from the main process or a sibling in turn, the client's address seen by each", async () => {
    const answers = [];
    for (let i = 0; i < 9; i++) answers.push(await ask(`/page/${i}`));
    const pids = new Set(answers.map((a) => a.pid));
    expect(pids.size).toBe(3);
    expect(answers.filter((a) => a.role === "main")).toHaveLength(3);
    for (const a of answers) expect(a.ip).toMatch(/127\.0\.0\.1/);
    expectServingFlags(answers);
    // Nagle's algorithm off on every dealt connection, the main process's share as well, as an
    // http.Server has it on what it accepts itself (else a reply in two writes waits for a delayed ACK)
    expect(answers.map((a) => a.noDelay)).toEqual(Array(9).fill(true));
    // a body crosses over untouched
    const posted = await ask("/form", "a=1&b=é");
    expect(posted.body).toBe("a=1&b=é");
  });

  it("cuts off a client that never finishes its headers, in every process (Node's headersTimeout)", async () => {
    /** What a connection that sent half a request got before it closed, or null if still open after 10 s. */
    const halfRequest = () =>
      new Promise<string | null>((resolve, reject) => {
        const socket = net.connect(port, "127.0.0.1", () => socket.write("GET /slow HTTP/1.1\r\nHost: x\r\n"));
        let got = "";
        const giveUp = setTimeout(() => {
          socket.destroy();
          resolve(null);
        }, 10_000);
        socket.on("data", (d) => (got += d));
        socket.on("close", () => {
          clearTimeout(giveUp);
          resolve(got);
        });
        socket.on("error", reject);
      });
    // three connections in a row: one to each process, dealt in turn
    const got = await Promise.all([halfRequest(), halfRequest(), halfRequest()]);
    for (const g of got) expect(g).toMatch(/^HTTP\/1\.1 408 /);
  }, 20_000);

  it("answers the sandboxes from the main process, whichever process got the connection", async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await ask(`/api/sandbox/linky/token?i=${i}`, "code=x"));
    expect(answers.map((a) => a.role), JSON.stringify(answers)).toEqual(Array(6).fill("main"));
    expect(answers.every((a) => a.body === "code=x" && a.url.startsWith("/api/sandbox/linky/token"))).toBe(true);
    // the address the sibling saw travels with the request
    for (const a of answers) expect(a.ip).toMatch(/127\.0\.0\.1/);
    expectServingFlags(answers);
  });
});
