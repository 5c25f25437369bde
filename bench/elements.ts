// npm run bench:elements: what one element costs the server's render (docs/performance.md, "Signed-in
// render rate"). Renders ten of an element to HTML with the app's theme and, as on the server, a
// fresh emotion cache each time (the app's stylis plugins); 300 warm-up renders of each, then
// BENCH_ROUNDS rounds (default 5) of 1,000 of each in turn, the CPU time of this process per render. Prints each kind's median and
// what it adds per element over ten plain <a> (the providers' own cost), ours beside MUI's.
import { createElement as h, Fragment, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { ThemeProvider, styled } from "@mui/material/styles";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import { theme } from "../components/layout/theme";
import { STYLIS_PLUGINS } from "../lib/ui/lean-prefixer";
import { Text } from "../components/ui/text";
import { PageWidth } from "../components/ui/page-width";
import { median } from "./lib/stats.mjs";

const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 5));
const StyledA = styled("a")(({ theme: t }) => ({ color: t.vars.palette.text.secondary, padding: "6px 8px", textDecoration: "none", "&:hover": { color: t.vars.palette.primary.main } }));
const ten = (one: (i: number) => ReactNode) => h(Fragment, null, ...Array.from({ length: 10 }, (_, i) => one(i)));

const KINDS: [string, () => ReactNode][] = [
  ["plain <a> (the providers alone)", () => ten((i) => h("a", { key: i, href: "/x" }, "x"))],
  ["MUI styled(\"a\")", () => ten((i) => h(StyledA, { key: i, href: "/x" }, "x"))],
  ["Box with sx", () => ten((i) => h(Box, { key: i, sx: { display: "flex", p: 2, borderColor: "divider" } }, "x"))],
  ["Text (ours)", () => ten((i) => h(Text, { key: i, variant: "body2", color: "textSecondary" }, "x"))],
  ["Typography", () => ten((i) => h(Typography, { key: i, variant: "body2", color: "textSecondary" }, "x"))],
  ["PageWidth (ours)", () => ten((i) => h(PageWidth, { key: i }, "x"))],
  ["Container", () => ten((i) => h(Container, { key: i, maxWidth: "lg" }, "x"))],
  ["Paper with sx", () => ten((i) => h(Paper, { key: i, variant: "outlined", sx: { borderRadius: 3, p: { xs: 2, sm: 3 } } }, "x"))],
  ["Card with CardContent", () => ten((i) => h(Card, { key: i, variant: "outlined" }, h(CardContent, null, "x")))],
  ["SvgIcon (an icon)", () => ten((i) => h(DeleteOutlined, { key: i, fontSize: "small" }))],
  ["Grid item", () => h(Grid, { container: true, spacing: 2 }, ...Array.from({ length: 10 }, (_, i) => h(Grid, { key: i, size: { xs: 12, sm: 6, md: 4 } }, "x")))],
  ["Button", () => ten((i) => h(Button, { key: i, variant: "contained" }, "x"))],
  ["IconButton with its icon", () => ten((i) => h(IconButton, { key: i, size: "small", "aria-label": "d" }, h(DeleteOutlined, { fontSize: "small" })))],
];

function render(kind: () => ReactNode) {
  const cache = createCache({ key: "css", stylisPlugins: STYLIS_PLUGINS });
  return renderToString(h(CacheProvider, { value: cache }, h(ThemeProvider, { theme, defaultMode: "system", disableStyleSheetGeneration: true }, kind())));
}
function cpuPerRender(kind: () => ReactNode, n: number) {
  const t = process.cpuUsage();
  for (let i = 0; i < n; i++) render(kind);
  const u = process.cpuUsage(t);
  return (u.user + u.system) / n;
}

console.log(`Node ${process.version}, NODE_ENV ${process.env.NODE_ENV ?? "(unset)"}; ten of each element per render, ${ROUNDS} rounds of 1,000 renders after 300`);
// every kind warmed first, then measured in turns, round by round: a drift of the machine or of
// the JIT falls on every kind alike
for (const [, kind] of KINDS) cpuPerRender(kind, 300);
const rounds: number[][] = KINDS.map(() => []);
for (let r = 0; r < ROUNDS; r++) KINDS.forEach(([, kind], k) => rounds[k].push(cpuPerRender(kind, 1000)));
const results: [string, number][] = KINDS.map(([name], k) => [name, median(rounds[k])]);
const base = results[0][1];
console.log(`${"element".padEnd(34)} ${"µs per render".padStart(14)} ${"µs per element".padStart(15)}`);
for (const [name, us] of results) console.log(`${name.padEnd(34)} ${us.toFixed(0).padStart(14)} ${(name === results[0][0] ? "-" : ((us - base) / 10).toFixed(1)).padStart(15)}`);
