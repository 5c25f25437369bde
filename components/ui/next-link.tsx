"use client";
import { useState, type ComponentProps } from "react";
import Link from "next/link";

/**
 * The site's link to its own pages: next/link, prefetching the page once the reader shows the
 * intent to follow it (the pointer over it, a finger on it, the keyboard's focus) instead of
 * whenever it scrolls into view. Each prefetch costs the server a request: a household page sent
 * 16-35 of them on arrival, which cost the server one to seven times the CPU of the page itself,
 * for pages that were mostly not visited next. Prefetched on intent, the page to come and its code
 * are on their way before the click, so a navigation stays about as fast (docs/performance.md).
 * `prefetch` set by the caller is followed as is.
 *
 * Also a client reference for server components that hand it to an MUI component
 * (`<Button component={NextLink} href="/signup">`): a plain function prop cannot cross from the
 * server to a client component, a client reference can. ESLint keeps next/link imported here only.
 */
export function NextLink({ prefetch, onMouseEnter, onTouchStart, onFocus, ...props }: ComponentProps<typeof Link>) {
  const [intent, setIntent] = useState(false);
  return (
    <Link
      {...props}
      // null is next/link's default ("auto"): once set, the visible link is prefetched at once
      prefetch={prefetch !== undefined ? prefetch : intent ? null : false}
      onMouseEnter={(e) => {
        setIntent(true);
        onMouseEnter?.(e);
      }}
      onTouchStart={(e) => {
        setIntent(true);
        onTouchStart?.(e);
      }}
      onFocus={(e) => {
        setIntent(true);
        onFocus?.(e);
      }}
    />
  );
}
