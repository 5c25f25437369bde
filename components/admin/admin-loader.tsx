"use client";
import dynamic from "next/dynamic";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";

// react-admin runs in the browser only, and its bundle loads on /admin alone
const AdminApp = dynamic(() => import("./admin-app"), {
  ssr: false,
  loading: () => (
    <Box sx={{ display: "grid", placeItems: "center", minHeight: "100vh" }} role="status" aria-label="Loading the back-office">
      <CircularProgress />
    </Box>
  ),
});

export function AdminLoader() {
  return <AdminApp />;
}
