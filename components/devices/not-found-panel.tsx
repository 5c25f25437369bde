import SearchOffOutlined from "@mui/icons-material/SearchOffOutlined";
import { StatusPanel } from "@/components/layout/status-panel";

/**
 * The 404 of a device or location path that cannot be an id (/device-info/abc), inside the app's
 * shell (the root not-found page brings a shell of its own).
 */
export function NotFoundPanel() {
  return (
    <StatusPanel icon={<SearchOffOutlined />} eyebrow="404 · Not found" title="This page does not exist">
      The link may be broken, or the page may have moved.
    </StatusPanel>
  );
}
