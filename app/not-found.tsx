import type { Metadata } from "next";
import SearchOffOutlined from "@mui/icons-material/SearchOffOutlined";
import { SiteShell } from "@/components/layout/site-shell";
import { StatusPanel } from "@/components/layout/status-panel";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <SiteShell>
      <StatusPanel icon={<SearchOffOutlined />} eyebrow="404 · Not found" title="This page does not exist">
        The link may be broken, or the page may have moved.
      </StatusPanel>
    </SiteShell>
  );
}
