// Any /api path that the contract does not have: a JSON 404, like every other error.
const notFound = () => Response.json({ detail: "Not Found", code: "not_found" }, { status: 404 });
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
