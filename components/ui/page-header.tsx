import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { Text } from "@/components/ui/text";
import ArrowBack from "@mui/icons-material/ArrowBack";
import { NextLink } from "@/components/ui/next-link";

/** The title of a device or location page, a short line under it, its actions and a way back. */
export function PageHeader({
  title,
  subtitle,
  actions,
  back,
}: {
  title: React.ReactNode;
  subtitle?: React.ReactNode;
  actions?: React.ReactNode;
  back?: { href: string; label: string };
}) {
  return (
    <Box component="header" sx={{ mb: { xs: 2.5, md: 3.5 } }}>
      {back && (
        <Button component={NextLink} href={back.href} startIcon={<ArrowBack />} size="small" sx={{ mb: 1, ml: -1 }}>
          {back.label}
        </Button>
      )}
      <Box sx={{ display: "flex", alignItems: { xs: "stretch", sm: "flex-end" }, justifyContent: "space-between", gap: 2, flexDirection: { xs: "column", sm: "row" } }}>
        <Box sx={{ minWidth: 0 }}>
          <Text variant="h1" sx={{ fontSize: { xs: "1.8rem", sm: "2.2rem" }, mb: subtitle ? 0.75 : 0, overflowWrap: "anywhere" }}>
            {title}
          </Text>
          {subtitle && (
            <Text color="textSecondary" component="div">
              {subtitle}
            </Text>
          )}
        </Box>
        {actions && <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", flexShrink: 0 }}>{actions}</Box>}
      </Box>
    </Box>
  );
}
