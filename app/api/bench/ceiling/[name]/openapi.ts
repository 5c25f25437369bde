import { notDocumented } from "@/lib/openapi/operations";

export default notDocumented("npm run bench:api's ceiling (fixed bytes, no work); a 404 unless the benchmark's server sets FOYER_BENCH=1");
