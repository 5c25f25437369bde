"use client";
import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import InsertChartOutlined from "@mui/icons-material/InsertChartOutlined";
import { LoadingState } from "@/components/devices/page-states";
import { useDashboards } from "@/lib/swr/use-dashboards";
import { defaultDashboard, kioskUrl, type Dashboard } from "@/lib/validation/dashboard";
import { DashboardMenu } from "./dashboard-menu";

/** The specification's one message for a dashboard service that failed or is not enabled. */
export const DASHBOARDS_ERROR = "There was an error loading your dashboards or they have not been enabled yet please try again later.";

/** /dashboards: a spinner, then the default dashboard (first dash-db) in kiosk mode, and a menu to change it. */
export function DashboardsView({ publicUrl }: { publicUrl: string | null }) {
  const { data, error, isLoading, mutate } = useDashboards();
  const [chosen, setChosen] = useState<number | null>(null);
  const dashboards = data?.filter((d) => d.type === "dash-db") ?? [];
  const current = dashboards.find((d) => d.id === chosen) ?? (data && defaultDashboard(data));

  return (
    <>
      <Box sx={{ display: "flex", alignItems: { xs: "stretch", sm: "flex-end" }, justifyContent: "space-between", gap: 2, mb: 2, flexDirection: { xs: "column", sm: "row" } }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: "1.8rem", sm: "2.2rem" }, mb: 0.75 }}>
            My Dashboards
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
            {current ? `${current.folderTitle} · ${current.title}` : "Your energy, power and carbon footprint."}
          </Typography>
        </Box>
        {!error && current && <DashboardMenu dashboards={dashboards} current={current} onChange={(d) => setChosen(d.id)} />}
      </Box>
      {error ? (
        <Alert
          severity="error"
          sx={{ my: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => mutate()}>
              Try again
            </Button>
          }
        >
          {DASHBOARDS_ERROR}
        </Alert>
      ) : isLoading || !data ? (
        <LoadingState label="Loading your dashboards..." />
      ) : !current ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: "center", borderRadius: 3, borderStyle: "dashed" }}>
          <InsertChartOutlined aria-hidden sx={{ fontSize: 44, color: "primary.main", mb: 1 }} />
          <Typography variant="h2" sx={{ fontSize: "1.25rem", mb: 1 }}>
            No dashboards yet
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 460, mx: "auto" }}>
            No dashboard has been published for households yet. Come back later: they will appear here.
          </Typography>
        </Paper>
      ) : (
        <DashboardFrame key={current.id} dashboard={current} publicUrl={publicUrl} />
      )}
    </>
  );
}

/** The dashboard in kiosk mode, the full width of the page, with a spinner until the frame has loaded. */
function DashboardFrame({ dashboard, publicUrl }: { dashboard: Dashboard; publicUrl: string | null }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <Box sx={{ position: "relative", borderRadius: 2, overflow: "hidden", border: 1, borderColor: "divider", bgcolor: "background.paper" }}>
      {!loaded && (
        <Box role="status" aria-live="polite" sx={{ position: "absolute", inset: 0, display: "grid", placeItems: "center", color: "text.secondary" }}>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
            <CircularProgress size={22} aria-hidden />
            <span>Loading {dashboard.title}...</span>
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
