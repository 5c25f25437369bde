"use client";
import { useRef } from "react";
import { useServerInsertedHTML } from "next/navigation";
import { themeCss } from "@/lib/ui/theme-css";
import { theme } from "./theme";

let cssText: string | undefined;

/**
 * The theme's CSS variables, one <style> in the document's head on the server's first flush (before
 * the body, like emotion's styles), made once per process instead of by MUI's ThemeProvider on every
 * render (`disableStyleSheetGeneration`, providers.tsx). Through Next's server-inserted HTML, not the
 * React tree: the text is neither in the page's RSC payload nor computed again in the browser, where
 * the server's <style> stays in the head for the document's life (client navigations keep the root
 * layout).
 */
export function ThemeVariables({ nonce }: { nonce?: string }) {
  const sent = useRef(false);
  useServerInsertedHTML(() => {
    if (sent.current) return null;
    sent.current = true;
    cssText ??= themeCss(theme);
    return <style nonce={nonce} data-theme-variables="" dangerouslySetInnerHTML={{ __html: cssText }} />;
  });
  return null;
}
