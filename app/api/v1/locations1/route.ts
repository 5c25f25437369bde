// GET /api/v1/locations1: Variant A's path for GET /api/v1/locations
export { GET } from "../locations/route";
