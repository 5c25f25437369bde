import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import InitColorSchemeScript from "@mui/material/InitColorSchemeScript";
import { Providers } from "@/components/layout/providers";
import { Messages } from "@/components/i18n/messages";
import { getLocale, getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT("common");
  return {
    title: { default: "Foyer", template: "%s · Foyer" },
    description: t("meta.description"),
    icons: { icon: "/icon.svg" },
  };
}
export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: [
  { media: "(prefers-color-scheme: dark)", color: "#161d1a" },
  { color: "#1b6b4f" },
] };

// Every page is rendered per request: its Content-Security-Policy (server/page-policy.ts) carries a fresh nonce,
// which Next puts on its scripts and Providers on the <style> tags of MUI's styles and the theme.
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  // the reader's language (lib/i18n/server.ts): <html lang>, and the shell's messages for the client
  const locale = await getLocale();
  return (
    // the colour scheme's attribute is set on <html> by the script before the first paint (no
    // flash of the light scheme), so React is told not to mind it
    <html lang={locale} suppressHydrationWarning>
      <body>
        <InitColorSchemeScript attribute="data" defaultMode="system" nonce={nonce} />
        {/* the shell's messages around the providers: the toasts speak the page's language too, and the API's texts too (useApiText) */}
        <Messages apiTexts>
          <Providers nonce={nonce}>{children}</Providers>
        </Messages>
      </body>
    </html>
  );
}
