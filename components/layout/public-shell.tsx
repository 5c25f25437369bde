import Box from "@mui/material/Box";
import { PageWidth } from "@/components/ui/page-width";
import { PublicHeader } from "./public-header";
import { SiteFooter } from "./site-footer";
import { SkipLink } from "./skip-link";

/**
 * The frame of the pages for visitors (login, signup, privacy...): top bar, content, footer.
 * `fullBleed` leaves the content edge to edge (the landing page draws its own sections).
 */
export function PublicShell({ children, contact, fullBleed = false }: { children: React.ReactNode; contact: string; fullBleed?: boolean }) {
  return (
    <Box sx={{ minHeight: "100dvh", display: "flex", flexDirection: "column" }}>
      <SkipLink />
      <PublicHeader />
      {fullBleed ? (
        <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: "none" }}>
          {children}
        </Box>
      ) : (
        <PageWidth component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: "none", py: { xs: 3, md: 6 }, px: { xs: 2, sm: 3 } }}>
          {children}
        </PageWidth>
      )}
      <SiteFooter contact={contact} />
    </Box>
  );
}
