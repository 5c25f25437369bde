import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import { Text } from "@/components/ui/text";

/** The card of the account pages (login, signup, password recovery): a title, a form, links below. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: React.ReactNode; children: React.ReactNode; footer?: React.ReactNode }) {
  return (
    <Box sx={{ display: "flex", justifyContent: "center", py: { xs: 0, sm: 2 } }}>
      <Paper variant="outlined" sx={{ width: "100%", maxWidth: 440, p: { xs: 3, sm: 4.5 }, borderRadius: 3 }}>
        <Text variant="h1" component="h1" sx={{ fontSize: { xs: "1.6rem", sm: "1.85rem" }, mb: subtitle ? 1 : 3 }}>
          {title}
        </Text>
        {subtitle && (
          <Text color="textSecondary" sx={{ mb: 3 }}>
            {subtitle}
          </Text>
        )}
        {children}
        {footer && (
          <Box sx={{ mt: 3, pt: 2.5, borderTop: 1, borderColor: "divider", textAlign: "center", typography: "body2", color: "text.secondary" }}>
            {footer}
          </Box>
        )}
      </Paper>
    </Box>
  );
}
