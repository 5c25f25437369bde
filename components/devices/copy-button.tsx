"use client";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import ContentCopy from "@mui/icons-material/ContentCopyOutlined";
import { useTranslations } from "use-intl";
import { useToast } from "@/components/ui/toast-provider";

/** Copies `text` to the clipboard, and says so (or that it could not: an address without HTTPS has no clipboard). */
export function CopyButton({ text, label, autoFocus }: { text: string; label: string; autoFocus?: boolean }) {
  const t = useTranslations("devices.connect");
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t("copied"));
    } catch {
      toast.error(t("copyFailed"));
    }
  };
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={copy} autoFocus={autoFocus}>
        <ContentCopy fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
