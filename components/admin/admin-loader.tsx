"use client";
import dynamic from "next/dynamic";
import { useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";

// react-admin runs in the browser only, and its bundle loads on /admin alone
const AdminApp = dynamic(() => import("./admin-app"), {
  ssr: false,
  loading: () => <Loading />,
});

function Loading() {
  const t = useTranslations("admin.app");
  return (
    <Box component="main" sx={{ display: "grid", placeContent: "center", justifyItems: "center", gap: 2, minHeight: "100vh" }}>
      {/* the page's heading while react-admin loads (each of its screens then has its own) */}
      <Typography component="h1" variant="h6">
        {t("title")}
      </Typography>
      <CircularProgress aria-label={t("loading")} />
    </Box>
  );
}

export function AdminLoader() {
  return <AdminApp />;
}
