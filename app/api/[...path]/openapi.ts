import { notDocumented } from "@/lib/openapi/operations";

export default notDocumented("the catch-all: any /api path the contract does not have answers a JSON 404");
