// The "floor" apps of npm run bench:pages: the least JavaScript our stack ships, built in the same
// run with the same versions (the project's node_modules, found by walking up from the app's
// folder, which lies inside the project). Two Next.js apps, written out by writeFloor() into a
// folder of their own (gitignored; the bench uses .next-bench/floor-*):
//   blank: a page with a heading and nothing else;
//   mui:   a handful of MUI client components (app bar, text field, button, dialog, menu, card)
//          with emotion set up as our root layout does it (AppRouterCacheProvider from
//          @mui/material-nextjs/v16-appRouter, then ThemeProvider + CssBaseline in a client
//          provider, the theme with CSS variables like components/layout/theme.ts).
// Both mark the document once hydrated (documentElement.dataset.hydrated = "true"), as the app's
// providers do, so the bench waits for them the same way. The sources are kept here as strings,
// not as files of the project, so that neither ESLint nor knip takes them for the app's own.
import fs from "node:fs";
import path from "node:path";

const hydratedMark = `"use client";
import { useEffect } from "react";

export function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
`;

const floors = {
  blank: {
    "app/layout.jsx": `import { Hydrated } from "./hydrated";

export const metadata = { title: "Blank floor" };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>
        <Hydrated />
        {children}
      </body>
    </html>
  );
}
`,
    "app/hydrated.jsx": hydratedMark,
    "app/page.jsx": `export default function Page() {
  return (
    <main>
      <h1>A blank Next.js page</h1>
    </main>
  );
}
`,
  },
  mui: {
    "app/layout.jsx": `import { AppRouterCacheProvider } from "@mui/material-nextjs/v16-appRouter";
import { Providers } from "./providers";

export const metadata = { title: "MUI floor" };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>
        <AppRouterCacheProvider options={{ key: "css" }}>
          <Providers>{children}</Providers>
        </AppRouterCacheProvider>
      </body>
    </html>
  );
}
`,
    "app/providers.jsx": `"use client";
import { useEffect } from "react";
import { ThemeProvider, createTheme } from "@mui/material/styles";
import CssBaseline from "@mui/material/CssBaseline";

const theme = createTheme({
  cssVariables: true,
  palette: { mode: "light", primary: { main: "#1b6b4f" }, secondary: { main: "#f2a33a" } },
  shape: { borderRadius: 10 },
});

export function Providers({ children }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <ThemeProvider theme={theme} defaultMode="light">
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
`,
    "app/page.jsx": `import { Demo } from "./demo";

export default function Page() {
  return <Demo />;
}
`,
    "app/demo.jsx": `"use client";
import { useState } from "react";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import Container from "@mui/material/Container";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";

export function Demo() {
  const [name, setName] = useState("");
  const [open, setOpen] = useState(false);
  const [anchor, setAnchor] = useState(null);
  return (
    <>
      <AppBar position="static">
        <Toolbar>
          <Typography variant="h6" component="div" sx={{ flexGrow: 1 }}>
            MUI floor
          </Typography>
          <Button color="inherit" onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
            Menu
          </Button>
          <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
            <MenuItem onClick={() => setAnchor(null)}>Profile</MenuItem>
            <MenuItem onClick={() => setAnchor(null)}>Log out</MenuItem>
          </Menu>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="sm" sx={{ py: 4 }}>
        <Card>
          <CardContent>
            <Typography variant="h5" component="h1" gutterBottom>
              A card
            </Typography>
            <Box component="form" onSubmit={(e) => { e.preventDefault(); setOpen(true); }}>
              <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} fullWidth margin="normal" />
            </Box>
          </CardContent>
          <CardActions>
            <Button variant="contained" onClick={() => setOpen(true)}>
              Open the dialog
            </Button>
          </CardActions>
        </Card>
      </Container>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>Hello{name ? \`, \${name}\` : ""}</DialogTitle>
        <DialogContent>
          <DialogContentText>A dialog, to count its code.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
`,
  },
};

export const FLOORS = Object.keys(floors);

/**
 * Writes the floor app `name` into `dir` (emptied first, its build included) with a next.config
 * that roots Turbopack at the project (whose node_modules the app resolves; Turbopack refuses a
 * node_modules symlinked from outside its root), nothing else set, and an instrumentation that
 * does nothing.
 */
export function writeFloor(name, dir, projectRoot) {
  fs.rmSync(dir, { recursive: true, force: true });
  const files = {
    ...floors[name],
    "package.json": `${JSON.stringify({ name: `bench-floor-${name}`, private: true }, null, 2)}\n`,
    "next.config.mjs": `// generated by bench/lib/floor.mjs\nexport default { turbopack: { root: ${JSON.stringify(projectRoot)} }, outputFileTracingRoot: ${JSON.stringify(projectRoot)} };\n`,
    // Turbopack looks for it from the app's folder up to its root, the project: without its own, a
    // floor would take in the project's (which starts Foyer's database)
    "instrumentation.js": "// generated by bench/lib/floor.mjs: nothing to do (see writeFloor)\nexport function register() {}\n",
  };
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
}

/**
 * The project's own sources that a floor's build took in (from its source maps): none expected.
 * Anything outside the floor's folder, node_modules and Turbopack's runtime counts.
 */
export function strayProjectSources(dir, projectRoot) {
  const stray = new Set();
  const walk = (p) => {
    for (const e of fs.readdirSync(p, { withFileTypes: true })) {
      const f = path.join(p, e.name);
      if (e.isDirectory()) walk(f);
      else if (e.name.endsWith(".map")) {
        let map;
        try {
          map = JSON.parse(fs.readFileSync(f, "utf8"));
        } catch {
          continue;
        }
        const sources = [...(map.sources ?? []), ...(map.sections ?? []).flatMap((s) => s.map?.sources ?? [])];
        for (const s of sources) {
          if (s.startsWith("turbopack:") || s.includes("node_modules")) continue;
          const abs = path.resolve(path.dirname(f), s.split("/turbopack:")[0].replace(/\.\[\w+\]\.cjs$/, ""));
          if (!abs.startsWith(dir + path.sep)) stray.add(path.relative(projectRoot, abs));
        }
      }
    }
  };
  walk(path.join(dir, ".next", "server"));
  return [...stray];
}
