import s from "./frame.module.css";

/**
 * The frame's icons as MUI's SvgIcon draws them (24-unit box, the text's colour, 1em), without
 * SvgIcon's styled component on every render. The paths are Material Icons' (Apache 2.0), as
 * @mui/icons-material ships them.
 */
const ICON_PATHS = {
  menu: "M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z",
  translate:
    "m12.87 15.07-2.54-2.51.03-.03c1.74-1.94 2.98-4.17 3.71-6.53H17V4h-7V2H8v2H1v1.99h11.17C11.5 7.92 10.44 9.75 9 11.35 8.07 10.32 7.3 9.19 6.69 8h-2c.73 1.63 1.73 3.17 2.98 4.56l-5.09 5.02L4 19l5-5 3.11 3.11zM18.5 10h-2L12 22h2l1.12-3h4.75L21 22h2zm-2.62 7 1.62-4.33L19.12 17z",
} as const;

export function FrameIcon({ name, className }: { name: keyof typeof ICON_PATHS; className?: string }) {
  return (
    <svg className={className ? `${s.icon} ${className}` : s.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
