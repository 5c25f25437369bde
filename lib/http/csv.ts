/** A CSV file to download (never cached: it holds the operator's figures). */
export const csvResponse = (body: string, fileName: string) =>
  new Response(body, { headers: { "Content-Type": "text/csv; charset=utf-8", "Cache-Control": "no-store", "Content-Disposition": `attachment; filename="${fileName}"` } });
