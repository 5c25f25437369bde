// Runs once when the server starts (Next's instrumentation hook), before the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServerProcess } = await import("./lib/server/start");
  await startServerProcess();
}
