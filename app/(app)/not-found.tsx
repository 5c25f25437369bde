import { NotFoundPanel } from "@/components/layout/not-found-panel";

// notFound() in a signed-in page: inside the (app) layout's shell (the root not-found page brings its own)
export default function NotFound() {
  return <NotFoundPanel />;
}
