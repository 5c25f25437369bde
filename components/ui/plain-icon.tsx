import s from "./plain-icon.module.css";

/**
 * An icon as MUI's SvgIcon draws it (a 24-unit box, the text's colour, 1em, hidden from assistive
 * technology), without SvgIcon's styled component worked out on every render: `d` is the path of a
 * Material icon as @mui/icons-material ships it (Apache 2.0), kept beside the component that shows
 * it. `className` sets its size or place (font-size), after the icon's own class.
 */
export function PlainIcon({ d, className }: { d: string; className?: string }) {
  return (
    <svg className={className ? `${s.icon} ${className}` : s.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}
