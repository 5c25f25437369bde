import LockOutlined from "@mui/icons-material/LockOutlined";
import { StatusPanel } from "./status-panel";

/** What a signed-in user sees on a page their role does not allow (HTTP 403). */
export function ForbiddenNotice({ children }: { children?: React.ReactNode }) {
  return (
    <StatusPanel icon={<LockOutlined />} eyebrow="403 · Forbidden" title="Forbidden" tone="error">
      {children ?? "You are signed in, but this page is only for administrators. If you think you should have access, please contact us."}
    </StatusPanel>
  );
}
