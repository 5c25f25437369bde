import { NotFoundPanel } from "@/components/devices/not-found-panel";

// inside the (app) layout: the root not-found page would bring a second shell
export default function NotFound() {
  return <NotFoundPanel />;
}
