"use client";
import Link from "next/link";

/**
 * next/link as a client reference, for server components that hand it to an MUI component
 * (`<Button component={NextLink} href="/signup">`): a plain function prop cannot cross from the
 * server to a client component, a client reference can.
 */
export const NextLink = Link;
