import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import { PublicHeader } from "./public-header";
import { SiteFooter } from "./site-footer";

/**
 * The frame of the pages for visitors (login, signup, privacy...): top bar, content, footer.
 * `fullBleed` leaves the content edge to edge (the landing page draws its own sections).
 */
export function PublicShell({ children, fullBleed = false }: { children: React.ReactNode; fullBleed?: boolean }) {
  return (
    <Box sx={{ minHeight: "100dvh", display: "flex", flexDirection: "column" }}>
      <PublicHeader />
      {fullBleed ? (
        <Box component="main" id="main" sx={{ flexGrow: 1 }}>
          {children}
        </Box>
      ) : (
        <Container component="main" id="main" maxWidth="lg" sx={{ flexGrow: 1, py: { xs: 3, md: 6 }, px: { xs: 2, sm: 3 } }}>
          {children}
        </Container>
      )}
      <SiteFooter />
    </Box>
  );
}
