"use client";
// The hovered (or focused) bucket of a bar chart: a light band in the plot, a tooltip beside.
import type uPlot from "uplot";
import Box from "@mui/material/Box";
import { bucketText } from "../period";
import type { Spec } from "./spec";

/**
 * Shows bucket i (null: none) in `tip`, beside the bucket in the plot `el` holds. The tooltip is
 * in the page only while shown: at rest the legend alone says the series' names.
 */
export function barsTooltip(el: HTMLElement, tip: HTMLElement, spec: Spec, bandColour: string) {
  const { series, starts, ends, bucket, locale } = spec;
  const n = starts.length;
  let band: HTMLDivElement | null = null;
  const rows = series.map((s) => {
    const row = document.createElement("div");
    const dot = document.createElement("span");
    dot.style.background = s.color;
    const value = document.createElement("b");
    row.append(dot, document.createTextNode(`${s.label} `), value);
    return { row, value };
  });
  const head = document.createElement("div");
  const show = (u: uPlot, i: number | null) => {
    if (i === null) {
      tip.style.display = "none";
      tip.replaceChildren();
      if (band) band.style.display = "none";
      return;
    }
    const w = u.over.clientWidth / n;
    const x = u.valToPos(i, "x");
    if (band) {
      band.style.display = "block";
      band.style.left = `${x - w / 2}px`;
      band.style.width = `${Math.max(w, 2)}px`;
    }
    if (!tip.firstChild) tip.replaceChildren(head, ...rows.map((r) => r.row));
    head.textContent = bucketText(starts[i], ends[i], bucket, locale);
    rows.forEach((r, si) => (r.value.textContent = series[si].format(series[si].data[i])));
    tip.style.display = "block";
    const tipWidth = tip.offsetWidth;
    const overLeft = u.over.offsetLeft;
    const right = overLeft + x + w / 2 + 8;
    const left = right + tipWidth <= el.clientWidth ? right : Math.max(0, overLeft + x - w / 2 - 8 - tipWidth);
    tip.style.transform = `translate(${Math.round(left)}px, ${Math.round(u.over.offsetTop + 4)}px)`;
  };
  /** uPlot's `ready` hook: the band goes in the plot's overlay. */
  const mountBand = (u: uPlot) => {
    band = document.createElement("div");
    band.style.position = "absolute";
    band.style.top = "0";
    band.style.height = "100%";
    band.style.display = "none";
    band.style.pointerEvents = "none";
    band.style.background = bandColour;
    u.over.appendChild(band);
  };
  return { show, mountBand };
}
export type BarsTooltip = ReturnType<typeof barsTooltip>;

/** The tooltip's box, filled by barsTooltip; hidden from assistive technologies (the live region speaks). */
export function TooltipBox({ ref }: { ref: React.Ref<HTMLDivElement> }) {
  return (
    <Box
      ref={ref}
      aria-hidden
      sx={{
        display: "none",
        position: "absolute",
        top: 0,
        left: 0,
        zIndex: 1,
        pointerEvents: "none",
        bgcolor: "background.paper",
        border: 1,
        borderColor: "divider",
        borderRadius: 1.5,
        boxShadow: 3,
        px: 1.25,
        py: 0.75,
        fontSize: 13,
        lineHeight: 1.6,
        whiteSpace: "nowrap",
        "& > div:first-of-type": { fontWeight: 600, mb: 0.25 },
        "& span": { display: "inline-block", width: 10, height: 10, borderRadius: 0.5, mr: 0.75 },
        "& b": { fontWeight: 600, fontVariantNumeric: "tabular-nums" },
      }}
    />
  );
}
