"use client";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Collapse from "@mui/material/Collapse";
import ExpandMore from "@mui/icons-material/ExpandMore";

/**
 * The technical fields of a device or channel, folded under "Advanced": closed at first, opened
 * by its button (a real button: Tab and Enter reach it) and by itself when one of its fields is in
 * error, which then takes the focus if no other field in error has it. `summary` says what is set
 * inside while it is closed.
 */
export function AdvancedPart({ label: given, hasError, summary, children }: { label?: string; hasError: boolean; summary?: string; children: React.ReactNode }) {
  const t = useTranslations("devices.channels");
  const label = given ?? t("advanced");
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const region = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef(false);

  useEffect(() => {
    if (!hasError) return;
    setOpen((was) => {
      if (!was) focusOnOpen.current = true;
      return true;
    });
  }, [hasError]);

  // the form focused its first field in error while this was closed: a hidden field cannot take
  // the focus, so it goes to this part's first one once shown (unless a field in error has it)
  const onEntering = () => {
    if (!focusOnOpen.current) return;
    focusOnOpen.current = false;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.getAttribute("aria-invalid") === "true") return;
    region.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  return (
    <Box sx={{ mt: 1.5 }}>
      <Button
        size="small"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={regionId}
        color={hasError ? "error" : "primary"}
        startIcon={<ExpandMore sx={{ transition: "transform 150ms", transform: open ? "rotate(180deg)" : "none" }} />}
        sx={{ ml: -0.75, textAlign: "left" }}
      >
        {label}
        {!open && summary && (
          <Box component="span" sx={{ ml: 1, color: "text.secondary", fontWeight: 400, textTransform: "none", overflowWrap: "anywhere" }}>
            · {summary}
          </Box>
        )}
      </Button>
      <Collapse in={open} onEntering={onEntering}>
        <Box ref={region} id={regionId} role="group" aria-label={label} sx={{ pt: 1.5 }}>
          {children}
        </Box>
      </Collapse>
    </Box>
  );
}
