import Paper from "@mui/material/Paper";
import { Text } from "@/components/ui/text";
import type SvgIcon from "@mui/material/SvgIcon";

/**
 * What a list shows when it has nothing yet. With a title: a centred box with an icon, the title,
 * a sentence and the way to add one (`action`). Without: a short dashed note.
 */
export function EmptyState({ icon: Icon, title, action, children }: { icon?: typeof SvgIcon; title?: string; action?: React.ReactNode; children: React.ReactNode }) {
  if (!title) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 3, borderStyle: "dashed", color: "text.secondary" }}>
        {children}
      </Paper>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: "center", borderRadius: 3, borderStyle: "dashed" }}>
      {Icon && <Icon aria-hidden sx={{ fontSize: 44, color: "primary.main", mb: 1 }} />}
      <Text variant="h2" sx={{ fontSize: "1.25rem", mb: 1 }}>
        {title}
      </Text>
      <Text color="textSecondary" sx={{ mb: action ? 3 : 0, maxWidth: 460, mx: "auto" }}>
        {children}
      </Text>
      {action}
    </Paper>
  );
}
