import s from "./plain-icon.module.css";

/**
 * An icon as MUI's SvgIcon draws it (a 24-unit box, the text's colour, 1em, hidden from assistive
 * technology), without SvgIcon's styled component worked out on every render: `d` is the path of a
 * Material icon as @mui/icons-material ships it (Apache 2.0), kept beside the component that shows
 * it (an icon of several paths: their list, drawn in order as SvgIcon draws them). `className` sets
 * its size or place (font-size), after the icon's own class.
 */
export function PlainIcon({ d, className }: { d: string | readonly string[]; className?: string }) {
  return (
    <svg className={className ? `${s.icon} ${className}` : s.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {typeof d === "string" ? <path d={d} /> : d.map((path) => <path key={path} d={path} />)}
    </svg>
  );
}
