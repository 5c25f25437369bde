"use client";
// A bar chart's uPlot instance, made in the element plotRef names once it is laid out, sized with
// it, and made again when the prepared data changes; the arrow keys walk the buckets.
import { useLayoutEffect, useRef } from "react";
import uPlot from "uplot";
import { barsOptions } from "./options";
import type { Spec } from "./spec";
import { barsTooltip } from "./tooltip";
import type { BarsData } from "./use-bars-data";

/** The refs of the plot, the tooltip and the live region, and the figure's key and blur handlers. */
export function useBarsPlot(spec: Spec, d: BarsData) {
  const plotRef = useRef<HTMLDivElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const liveRef = useRef<HTMLSpanElement>(null);
  const keyRef = useRef<((e: React.KeyboardEvent) => void) | null>(null);
  const blurRef = useRef<(() => void) | null>(null);

  useLayoutEffect(() => {
    const el = plotRef.current!, tip = tipRef.current!, live = liveRef.current!;
    const { n } = d;
    const tooltip = barsTooltip(el, tip, spec, d.bandColour);
    let focused: number | null = null;
    const u = new uPlot(barsOptions(spec, d, el, tooltip, () => focused), [spec.starts.map((_, i) => i), ...spec.series.map((s) => s.data)], el);

    // the arrow keys walk the buckets; the live region says each one
    keyRef.current = (e) => {
      const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowUp: 1, ArrowDown: -1, Home: -n, End: n, PageUp: 10, PageDown: -10 };
      if (e.key === "Escape") {
        focused = null;
        tooltip.show(u, null);
        return;
      }
      if (!(e.key in moves)) return;
      e.preventDefault();
      focused = Math.min(n - 1, Math.max(0, focused === null ? (moves[e.key] > 0 ? 0 : n - 1) : focused + moves[e.key]));
      tooltip.show(u, focused);
      live.textContent = d.text(focused);
    };
    blurRef.current = () => {
      focused = null;
      tooltip.show(u, null);
    };

    const resize = new ResizeObserver(() => {
      const width = Math.max(el.clientWidth, 100), height = Math.max(el.clientHeight, 100);
      if (width !== u.width || height !== u.height) u.setSize({ width, height });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.destroy();
      keyRef.current = null;
      blurRef.current = null;
    };
  }, [spec, d]);

  return {
    plotRef,
    tipRef,
    liveRef,
    onKeyDown: (e: React.KeyboardEvent) => keyRef.current?.(e),
    onBlur: () => blurRef.current?.(),
  };
}
