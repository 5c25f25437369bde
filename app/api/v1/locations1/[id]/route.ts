// GET /api/v1/locations1/{id}: Variant A's path for GET /api/v1/locations/{id}
export { GET } from "../../locations/[id]/route";
