import { notDocumented } from "@/lib/openapi/operations";

export default notDocumented("the bundled vendor sandbox, which follows each vendor's own documented API");
