import { dashboardSchema } from "@/lib/validation/dashboard";
import { describeRoute, list } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/dashboards", {
  GET: {
    tag: "Dashboards", access: "user",
    summary: "The dashboard service's dashboards tagged production",
    responses: { 200: list(dashboardSchema, "The dashboards, in the service's order") },
    errors: { 502: "Failed to get grafana dashboards", 503: "Dashboards have not been enabled yet" },
  },
});
