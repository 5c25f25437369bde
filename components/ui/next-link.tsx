"use client";
import Link from "next/link";
import type { ComponentProps } from "react";

/**
 * The site's link to its own pages: next/link without prefetching. Every page is rendered per
 * request and has no loading.js, so what next/link prefetches when a link scrolls into view is
 * only the route's outline (about 270 bytes), while each prefetch still costs the server a
 * request: a household page sent 16-35 of them on arrival, which cost the server one to three
 * times the CPU of the page itself (docs/performance.md). A click fetches the page as before.
 *
 * Also a client reference for server components that hand it to an MUI component
 * (`<Button component={NextLink} href="/signup">`): a plain function prop cannot cross from the
 * server to a client component, a client reference can. ESLint keeps next/link imported here only.
 */
export function NextLink({ prefetch = false, ...props }: ComponentProps<typeof Link>) {
  return <Link prefetch={prefetch} {...props} />;
}
