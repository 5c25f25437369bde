import { notFound } from "next/navigation";

/** The integer id of a page's path (`/device-info/12`); anything else is the 404 page. */
export function idOrNotFound(raw: string): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (!id) notFound();
  return id;
}
