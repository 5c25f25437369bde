import SearchOffOutlined from "@mui/icons-material/SearchOffOutlined";
import { StatusPanel } from "@/components/layout/status-panel";

/** The 404 panel: a link that leads nowhere, or an id the caller cannot see. */
export function NotFoundPanel() {
  return (
    <StatusPanel icon={<SearchOffOutlined />} eyebrow="404 · Not found" title="This page does not exist">
      The link may be broken, or the page may have moved.
    </StatusPanel>
  );
}
