import ConstructionOutlined from "@mui/icons-material/ConstructionOutlined";
import { StatusPanel } from "./status-panel";

/** The placeholder of a page that is not built yet: the page exists, its content is on its way. */
export function ComingSoon({ title, description }: { title: string; description?: string }) {
  return (
    <StatusPanel icon={<ConstructionOutlined />} eyebrow="Coming soon" title={title}>
      {description ?? "This part of Foyer is still being built."} This page is on its way: come back soon.
    </StatusPanel>
  );
}
