import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { TextLink } from "@/components/ui/text-link";

/** The footer of every page: the privacy policy and a contact link (`contact`: the deployment's CONTACT_EMAIL, from the page). */
export function SiteFooter({ contact }: { contact: string }) {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: "divider", bgcolor: "background.paper", mt: "auto" }}>
      <Container maxWidth="lg" sx={{ py: 3, display: "flex", flexDirection: { xs: "column", sm: "row" }, gap: { xs: 1.5, sm: 3 }, alignItems: { sm: "center" } }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          © {new Date().getFullYear()} Foyer · the app of your home energy community
        </Typography>
        <Box component="nav" aria-label="Footer" sx={{ display: "flex", gap: 3 }}>
          <TextLink href="/privacy" variant="body2" underline="hover">
            Data Privacy Policy
          </TextLink>
          <TextLink href={`mailto:${contact}`} variant="body2" underline="hover">
            Contact
          </TextLink>
        </Box>
      </Container>
    </Box>
  );
}
