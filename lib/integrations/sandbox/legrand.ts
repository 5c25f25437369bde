// Legrand Home + Control sandbox: Azure B2C-style authorize/token (PKCE) and /hc/api/v1.0/plants.
import { SANDBOX_CLIENT } from "../config";
import { sandboxHandler, type SandboxOptions, type VendorSandbox } from "./common";

const SANDBOX_PLANTS = [{ id: "a1b2c3d4-0000-4000-8000-000000000001", name: "Sandbox home", country: "FR" }];

const legrand: VendorSandbox = {
  vendor: "legrand",
  title: "Legrand Home + Control: authorize Foyer",
  expiresIn: 3_600,
  data(req, path, { bearer }) {
    if (path !== "/hc/api/v1.0/plants" || req.method !== "GET") return Response.json({ statusCode: 404, message: "Resource not found" }, { status: 404 });
    // Azure API Management checks the subscription key before the token
    if (req.headers.get("ocp-apim-subscription-key") !== SANDBOX_CLIENT.subscriptionKey) {
      return Response.json({ statusCode: 401, message: "Access denied due to missing subscription key." }, { status: 401 });
    }
    if (!bearer) return Response.json({ statusCode: 401, message: "Unauthorized. Access token is missing or invalid." }, { status: 401 });
    return Response.json({ plants: SANDBOX_PLANTS });
  },
};

export const legrandSandbox = (opts: SandboxOptions) => sandboxHandler(legrand, opts);
