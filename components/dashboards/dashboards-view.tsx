"use client";
import { useState } from "react";
import dynamic from "next/dynamic";
import { Notice } from "@/components/ui/notice";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { Text } from "@/components/ui/text";
import { useTranslations } from "use-intl";
import { MyEnergyView } from "@/components/energy/my-energy-view";
import { FetchError } from "@/lib/swr/fetcher";
import { useDashboards } from "@/lib/swr/use-dashboards";
import { kioskUrl, type Dashboard } from "@/lib/dashboards/list";

// 'Change Dashboard' loads only when a dashboard service has dashboards to offer
const DashboardMenu = dynamic(() => import("./dashboard-menu").then((m) => m.DashboardMenu), { ssr: false });

/**
 * /dashboards: Foyer's own My Energy by default. With a dashboard service configured, its
 * production dashboards follow My Energy in 'Change Dashboard' (a chosen one in kiosk mode); the
 * specification's message says when that service fails. Without one (503), My Energy alone.
 */
export function DashboardsView({ publicUrl }: { publicUrl: string | null }) {
  const t = useTranslations("dashboards");
  const { data, error, mutate, isValidating } = useDashboards();
  const [chosen, setChosen] = useState<number | null>(null);
  const notConfigured = error instanceof FetchError && error.status === 503;
  const dashboards = data?.filter((d) => d.type === "dash-db") ?? [];
  const current = dashboards.find((d) => d.id === chosen) ?? null;

  return (
    <>
      <Box sx={{ display: "flex", alignItems: { xs: "stretch", sm: "flex-end" }, justifyContent: "space-between", gap: 2, mb: 2, flexDirection: { xs: "column", sm: "row" } }}>
        <Box sx={{ minWidth: 0 }}>
          <Text variant="h1" sx={{ fontSize: { xs: "1.8rem", sm: "2.2rem" }, mb: 0.75 }}>
            {t("heading")}
          </Text>
          <Text color="textSecondary" sx={{ overflowWrap: "anywhere" }}>
            {current ? `${current.folderTitle} · ${current.title}` : t("myEnergyIntro")}
          </Text>
        </Box>
        {dashboards.length > 0 && <DashboardMenu dashboards={dashboards} current={current} onChange={(d) => setChosen(d?.id ?? null)} />}
      </Box>
      {error && !notConfigured && (
        <Notice
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => mutate()} disabled={isValidating}>
              {t("tryAgain")}
            </Button>
          }
        >
          {/* the specification's one message for a dashboard service that failed or is not enabled */}
          {t("error")}
        </Notice>
      )}
      {current ? <DashboardFrame key={current.id} dashboard={current} publicUrl={publicUrl} /> : <MyEnergyView />}
    </>
  );
}

/** The dashboard in kiosk mode, the full width of the page, with a spinner until the frame has loaded. */
function DashboardFrame({ dashboard, publicUrl }: { dashboard: Dashboard; publicUrl: string | null }) {
  const t = useTranslations("dashboards");
  const [loaded, setLoaded] = useState(false);
  return (
    <Box sx={{ position: "relative", borderRadius: 2, overflow: "hidden", border: 1, borderColor: "divider", bgcolor: "background.paper" }}>
      {!loaded && (
        <Box role="status" aria-live="polite" sx={{ position: "absolute", inset: 0, display: "grid", placeItems: "center", color: "text.secondary" }}>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
            <CircularProgress size={22} aria-hidden />
            <span>{t("loading", { title: dashboard.title })}</span>
          </Box>
        </Box>
      )}
      <Box
        component="iframe"
        title={dashboard.title}
        src={kioskUrl(publicUrl, dashboard.url)}
        onLoad={() => setLoaded(true)}
        sx={{ display: "block", width: "100%", height: { xs: "75vh", md: "calc(100vh - 260px)" }, minHeight: { xs: 420, md: 560 }, border: 0 }}
      />
    </Box>
  );
}
