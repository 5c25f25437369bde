import { notDocumented } from "@/lib/openapi/operations";

export default notDocumented("the static files of the reference page (Swagger UI's script and style)");
