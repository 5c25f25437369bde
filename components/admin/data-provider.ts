"use client";
import jsonServerProvider from "ra-data-json-server";
import { fetchUtils, HttpError, type DataProvider } from "react-admin";
/**
 * Our /api/v1 speaks json-server (X-Total-Count), authenticated by the session cookie the browser
 * sends; errors carry `detail`, which the admin shows, and a 422's `errors`, shown under their fields
 * (a path such as `data.schedules.1.months` is the form's own source).
 */
async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: "application/json" });
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers, credentials: "same-origin" });
  } catch (e) {
    if (e instanceof HttpError) {
      const body = e.body as { detail?: string; errors?: { path: string; message: string }[] } | undefined;
      const detail = body?.detail ?? e.message;
      // each message under its field, and the API's detail as the form's notification (react-admin
      // shows root.serverError instead of its generic "The form is not valid")
      const fields = body?.errors?.length ? { ...Object.fromEntries(body.errors.map((x) => [x.path, x.message])), root: { serverError: detail } } : undefined;
      throw new HttpError(detail, e.status, fields ? { errors: fields } : e.body);
    }
    throw e;
  }
}

const base = jsonServerProvider("/api/v1", httpClient);

export const dataProvider: DataProvider = {
  ...base,
  // our DELETE answers 204 with no body; react-admin wants the deleted record back
  delete: async (resource, params) => {
    await httpClient(`/api/v1/${resource}/${encodeURIComponent(String(params.id))}`, { method: "DELETE" });
    return { data: params.previousData ?? { id: params.id } } as never;
  },
  deleteMany: async (resource, params) => {
    await Promise.all(params.ids.map((id) => httpClient(`/api/v1/${resource}/${encodeURIComponent(String(id))}`, { method: "DELETE" })));
    return { data: params.ids };
  },
};
