"use client";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Collapse from "@mui/material/Collapse";
import ExpandMore from "@mui/icons-material/ExpandMore";
import { REVEAL_EVENT } from "@/components/ui/reveal";

/**
 * The technical fields of a device or channel, folded under "Advanced": closed at first, opened
 * by its button (a real button: Tab and Enter reach it) and by itself when one of its fields is in
 * error, which then takes the focus if no other field in error has it; also when a form's Save
 * would focus one of its fields (components/ui/reveal.ts), even an error it was closed over.
 * `summary` says what is set inside while it is closed.
 */
export function AdvancedPart({ label: given, hasError, summary, children }: { label?: string; hasError: boolean; summary?: string; children: React.ReactNode }) {
  const t = useTranslations("devices.channels");
  const label = given ?? t("advanced");
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const region = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef(false);
  // Opens the part for a field in error: not fully open (closed, opening or closing: its region
  // inert), its fields cannot take the focus now, so the first in error takes it once shown
  const openForError = () =>
    setOpen(() => {
      if (region.current?.inert !== false) focusOnOpen.current = true;
      return true;
    });

  // one of its fields newly in error
  useEffect(() => {
    if (hasError) openForError();
  }, [hasError]);

  // a form focusing a field inside (its first field in error, on Save), even an error the part
  // was closed over
  useEffect(() => {
    const el = region.current;
    el?.addEventListener(REVEAL_EVENT, openForError);
    return () => el?.removeEventListener(REVEAL_EVENT, openForError);
  }, []);

  // Its fields take the focus only once the part is fully open (inert until then, and again as it
  // closes): a field focused inside the clipped, half-open box scrolled that box, which then opened
  // with the field's label cut off; the form's own focus on its first field in error came there when
  // Save followed a close at once. The part's first field in error takes it instead, once shown,
  // unless another field in error has it.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!shown || !focusOnOpen.current) return;
    focusOnOpen.current = false;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.getAttribute("aria-invalid") === "true") return;
    region.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [shown]);

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
      <Collapse in={open} onEntered={() => setShown(true)} onExit={() => setShown(false)}>
        <Box ref={region} id={regionId} role="group" aria-label={label} inert={!shown} sx={{ pt: 1.5 }}>
          {children}
        </Box>
      </Collapse>
    </Box>
  );
}
