// npm run db:migrate | db:migrate:create -- <name> | db:seed: against DATABASE_URL, or the
// embedded cluster under .data/ when it is unset.
import { prepareEnvironment, migrateDeploy } from "../server/db/environment";
import { runSeed } from "../server/db/seed";
import { root } from "../server/paths";
import { migrate, createMigration } from "../server/db/migrate";

const [cmd, arg] = process.argv.slice(2);
const env = await prepareEnvironment();
let code = 0;
try {
  if (cmd === "migrate") await migrateDeploy();
  else if (cmd === "create") {
    if (!arg) throw new Error("usage: npm run db:migrate:create -- <name>");
    await createMigration({ url: process.env.DATABASE_URL!, name: arg, root });
  } else if (cmd === "status") await migrate({ url: process.env.DATABASE_URL!, cmd: "status", root });
  else if (cmd === "rolled-back") await migrate({ url: process.env.DATABASE_URL!, cmd: "rolled-back", arg, root });
  else if (cmd === "seed") { await migrateDeploy({ quiet: true }); await runSeed(); }
  else throw new Error("usage: npm run db:migrate migrate | create <name> | status | rolled-back <name> | seed");
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  code = 1;
} finally {
  await env.stop();
}
process.exit(code);
