import Box from "@mui/material/Box";
import { errorTint } from "@/lib/ui/tints";

/**
 * A JSON value in a scrollable code block. It can take the focus, so that a keyboard can scroll
 * it; `tone` "error" frames a failure.
 */
export function JsonBlock({ value, label, tone = "default", id }: { value: unknown; label: string; tone?: "default" | "error"; id?: string }) {
  return (
    <Box
      component="pre"
      id={id}
      tabIndex={0}
      role="region"
      aria-label={label}
      sx={{
        m: 0,
        p: 2,
        maxHeight: 420,
        overflow: "auto",
        borderRadius: 2,
        border: 1,
        borderColor: tone === "error" ? "error.light" : "divider",
        bgcolor: tone === "error" ? errorTint(0.06) : "background.default",
        color: tone === "error" ? "error.main" : "text.primary",
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
        fontSize: 13,
        lineHeight: 1.55,
        whiteSpace: "pre-wrap",
        overflowWrap: "anywhere",
        "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: 2 },
      }}
    >
      {JSON.stringify(value, null, 2)}
    </Box>
  );
}
