import { notDocumented } from "@/lib/openapi/operations";

export default notDocumented("next-auth's own endpoints (sign-in, sign-out, session, CSRF) for the app's pages; clients use POST /api/token");
