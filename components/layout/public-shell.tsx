import { PublicHeader } from "./public-header";
import s from "./frame.module.css";
import { SiteFooter } from "./site-footer";
import { SkipLink } from "./skip-link";

/**
 * The frame of the pages for visitors (login, signup, privacy...): top bar, content, footer.
 * `fullBleed` leaves the content edge to edge (the landing page draws its own sections).
 */
export function PublicShell({ children, contact, fullBleed = false }: { children: React.ReactNode; contact: string; fullBleed?: boolean }) {
  return (
    <div className={s.shell}>
      <SkipLink />
      <PublicHeader />
      <main id="main" tabIndex={-1} className={fullBleed ? s.fullBleed : `${s.width} ${s.publicMain}`}>
        {children}
      </main>
      <SiteFooter contact={contact} />
    </div>
  );
}
