import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import { Text } from "@/components/ui/text";

/** A titled part of a form, grouped for screen readers; `level` 3 for a part inside a part (a channel). */
export function FormSection({
  id,
  title,
  level = 2,
  tinted = false,
  action,
  children,
}: {
  id: string;
  title: string;
  level?: 2 | 3;
  tinted?: boolean;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Paper role="group" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mb: level === 2 ? 3 : 2, bgcolor: tinted ? "background.default" : undefined }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1, mb: 2.5, minHeight: 30 }}>
        <Text id={id} component={level === 2 ? "h2" : "h3"} sx={{ fontSize: level === 2 ? "1.15rem" : "1rem", fontWeight: 600 }}>
          {title}
        </Text>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

/** Two columns from a small tablet up, one on a phone. */
export const formGrid = { display: "grid", gap: 2.5, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } } as const;
