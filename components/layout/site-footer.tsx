"use client";
import Box from "@mui/material/Box";
import { PageWidth } from "@/components/ui/page-width";
import { useTranslations } from "use-intl";
import { Text } from "@/components/ui/text";
import { TextLink } from "@/components/ui/text-link";

/** The footer of every page: the privacy policy and a contact link (`contact`: the deployment's CONTACT_EMAIL, from the page). */
export function SiteFooter({ contact }: { contact: string }) {
  const t = useTranslations("common");
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: "divider", bgcolor: "background.paper", mt: "auto" }}>
      <PageWidth sx={{ py: 3, display: "flex", flexDirection: { xs: "column", sm: "row" }, gap: { xs: 1.5, sm: 3 }, alignItems: { sm: "center" } }}>
        <Text variant="body2" color="textSecondary" sx={{ flexGrow: 1 }}>
          © {new Date().getFullYear()} Foyer · {t("footer.tagline")}
        </Text>
        <Box component="nav" aria-label={t("nav.footer")} sx={{ display: "flex", gap: 3 }}>
          <TextLink href="/privacy" variant="body2" underline="hover">
            {t("footer.privacy")}
          </TextLink>
          <TextLink href={`mailto:${contact}`} variant="body2" underline="hover">
            {t("footer.contact")}
          </TextLink>
        </Box>
      </PageWidth>
    </Box>
  );
}
