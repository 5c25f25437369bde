export const ok = (body: unknown, init: ResponseInit = {}) => Response.json(body, { status: 200, ...init });
export const created = (body: unknown) => Response.json(body, { status: 201 });
export const noContent = () => new Response(null, { status: 204 });

/** A json-server style list: the page as a JSON array and the total before slicing. */
export function listResponse(items: unknown[], total: number) {
  return Response.json(items, {
    status: 200,
    headers: { "X-Total-Count": String(total), "Access-Control-Expose-Headers": "X-Total-Count" },
  });
}
