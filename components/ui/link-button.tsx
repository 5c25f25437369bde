"use client";
import type { ComponentProps, ReactNode } from "react";
import { css, type CSSObject, type SerializedStyles } from "@emotion/react";
import { styled, type Theme } from "@mui/material/styles";
import { NextLink } from "./next-link";

type Variant = "text" | "outlined" | "contained";
/** A palette colour, or the surrounding text's (as Button names them). */
type Color = "inherit" | "primary" | "secondary" | "error" | "warning" | "info" | "success";
type Size = "small" | "medium" | "large";
type Look = { variant: Variant; color: Color; size: Size; fullWidth: boolean };

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * MUI's Button styles for one look, in MUI's order (ButtonBase's root, Button's root, then each of
 * Button's variants that matches, then the theme's overrides): the same CSS as MUI writes for
 * `<Button component={NextLink}>` (tests/unit/link-button.test.ts compares them), worked out once
 * per theme and look instead of on every render. Then the keyboard's focus ring, in place of the
 * focus ripple.
 */
function buttonStyles(theme: Theme, { variant, color, size, fullWidth }: Look): CSSObject[] {
  const v = theme.vars;
  const transition = (props: string[]) => ({ transition: theme.transitions.create(props, { duration: theme.transitions.duration.short }) });
  const styles: CSSObject[] = [
    // ButtonBase's root
    {
      display: "inline-flex",
      alignItems: "center",
      justifyContent: "center",
      position: "relative",
      boxSizing: "border-box",
      WebkitTapHighlightColor: "transparent",
      backgroundColor: "transparent",
      outline: 0,
      border: 0,
      margin: 0,
      borderRadius: 0,
      padding: 0,
      cursor: "pointer",
      userSelect: "none",
      verticalAlign: "middle",
      MozAppearance: "none",
      WebkitAppearance: "none",
      textDecoration: "none",
      color: "inherit",
      "&::-moz-focus-inner": { borderStyle: "none" },
      "&.Mui-disabled": { pointerEvents: "none", cursor: "default" },
      "@media print": { colorAdjust: "exact" },
    },
    // Button's root
    {
      ...(theme.typography.button as CSSObject),
      minWidth: 64,
      padding: "6px 16px",
      border: 0,
      borderRadius: v.shape.borderRadius,
      ...transition(["background-color", "box-shadow", "border-color", "color"]),
      "&:hover": { textDecoration: "none" },
      "&.Mui-disabled": { color: v.palette.action.disabled },
    },
  ];
  if (variant === "contained")
    styles.push({
      color: "var(--variant-containedColor)",
      backgroundColor: "var(--variant-containedBg)",
      boxShadow: v.shadows[2],
      "&:hover": { boxShadow: v.shadows[4], "@media (hover: none)": { boxShadow: v.shadows[2] } },
      "&:active": { boxShadow: v.shadows[8] },
      "&.Mui-focusVisible": { boxShadow: v.shadows[6] },
      "&.Mui-disabled": { color: v.palette.action.disabled, boxShadow: v.shadows[0], backgroundColor: v.palette.action.disabledBackground },
    });
  else if (variant === "outlined")
    styles.push({
      padding: "5px 15px",
      border: "1px solid currentColor",
      borderColor: "var(--variant-outlinedBorder, currentColor)",
      backgroundColor: "var(--variant-outlinedBg)",
      color: "var(--variant-outlinedColor)",
      "&.Mui-disabled": { border: `1px solid ${v.palette.action.disabledBackground}` },
    });
  else styles.push({ padding: "6px 8px", color: "var(--variant-textColor)", backgroundColor: "var(--variant-textBg)" });
  if (color === "inherit") {
    const hover = theme.alpha(v.palette.text.primary, v.palette.action.hoverOpacity);
    styles.push({
      color: "inherit",
      borderColor: "currentColor",
      "--variant-containedBg": v.palette.Button.inheritContainedBg,
      "@media (hover: hover)": { "&:hover": { "--variant-containedBg": v.palette.Button.inheritContainedHoverBg, "--variant-textBg": hover, "--variant-outlinedBg": hover } },
    });
  } else {
    const c = v.palette[color];
    const hover = theme.alpha(c.main, v.palette.action.hoverOpacity);
    styles.push({
      "--variant-textColor": c.main,
      "--variant-outlinedColor": c.main,
      "--variant-outlinedBorder": theme.alpha(c.main, 0.5),
      "--variant-containedColor": c.contrastText,
      "--variant-containedBg": c.main,
      "@media (hover: hover)": { "&:hover": { "--variant-containedBg": c.dark, "--variant-textBg": hover, "--variant-outlinedBorder": c.main, "--variant-outlinedBg": hover } },
    });
  }
  if (size !== "medium") {
    const padding = { text: { small: "4px 5px", large: "8px 11px" }, outlined: { small: "3px 9px", large: "7px 21px" }, contained: { small: "4px 10px", large: "8px 22px" } }[variant][size];
    styles.push({ padding, fontSize: theme.typography.pxToRem(size === "small" ? 13 : 15) });
  }
  // the theme's default: no elevation (components/layout/theme.ts)
  styles.push({ boxShadow: "none", "&:hover": { boxShadow: "none" }, "&.Mui-focusVisible": { boxShadow: "none" }, "&:active": { boxShadow: "none" }, "&.Mui-disabled": { boxShadow: "none" } });
  if (fullWidth) styles.push({ width: "100%" });
  const overrides = theme.components?.MuiButton?.styleOverrides?.root;
  if (overrides && typeof overrides === "object") styles.push(overrides as CSSObject);
  // ours: what shows the keyboard's focus (MUI's focus ripple needs ButtonBase's script)
  styles.push({ "&:focus-visible": { outline: `2px solid ${color === "inherit" ? "currentColor" : v.palette[color].main}`, outlineOffset: 2 } });
  return styles;
}

// Serialised once too: emotion takes a serialised style as it is, where it writes an object's CSS
// text anew on every render (3 KB for a button).
const memo = new WeakMap<Theme, Map<string, SerializedStyles>>();
function stylesOf(theme: Theme, look: Look): SerializedStyles {
  let byKey = memo.get(theme);
  if (!byKey) memo.set(theme, (byKey = new Map()));
  const key = `${look.variant} ${look.color} ${look.size} ${look.fullWidth}`;
  let styles = byKey.get(key);
  if (!styles) byKey.set(key, (styles = css(...buttonStyles(theme, look))));
  return styles;
}

/** Button's icon slots: the icon at the size's font size, spaced from the words. */
function iconStyles(side: "start" | "end", size: Size): CSSObject[] {
  const base: CSSObject =
    side === "start"
      ? { display: "inherit", alignItems: "center", marginRight: 8, marginLeft: -4, "&::before": { content: '"\\200b"', width: 0, overflow: "hidden" } }
      : { display: "inherit", marginRight: -4, marginLeft: 8 };
  const small: CSSObject[] = size === "small" ? [side === "start" ? { marginLeft: -2 } : { marginRight: -2 }] : [];
  return [base, ...small, { "& > *:nth-of-type(1)": { fontSize: { small: 18, medium: 20, large: 22 }[size] } }];
}
const ICONS = { start: {} as Record<Size, SerializedStyles>, end: {} as Record<Size, SerializedStyles> };
for (const size of ["small", "medium", "large"] as const) {
  ICONS.start[size] = css(...iconStyles("start", size));
  ICONS.end[size] = css(...iconStyles("end", size));
}

const OWN = new Set<PropertyKey>(["look", "side", "size", "sx", "as", "theme", "ownerState"]);
const Root = styled(NextLink, { shouldForwardProp: (prop) => !OWN.has(prop) })<{ look: Look }>(({ theme, look }) => stylesOf(theme, look));
const Icon = styled("span", { shouldForwardProp: (prop) => !OWN.has(prop) })<{ side: "start" | "end"; size: Size }>(({ side, size }) => ICONS[side][size]);

/**
 * A link to a page of the site drawn as MUI's Button (`<Button component={NextLink}>`): the same
 * classes and CSS, for the links shaped as buttons on every page ("Add location", "Edit", "View"),
 * rendered on the server for every request. A Button works out its styles from its thirty-odd
 * variants on every render, and ButtonBase sets up its ripple and focus tracking: 80-95 µs of the
 * server's CPU a button, where this costs what a styled link does (npm run bench:elements). No
 * ripple: a link's feedback is the page it opens; the keyboard's focus shows as a ring.
 * `disabled` keeps the link in place, out of reach (as Button does for a link).
 */
export function LinkButton({
  variant = "text",
  color = "primary",
  size = "medium",
  fullWidth = false,
  disabled = false,
  startIcon,
  endIcon,
  className,
  children,
  ...props
}: {
  variant?: Variant;
  color?: Color;
  size?: Size;
  fullWidth?: boolean;
  disabled?: boolean;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  children?: ReactNode;
} & Omit<ComponentProps<typeof Root>, "look" | "color">) {
  // in Button's order
  const classes = [
    "MuiButtonBase-root",
    disabled && "Mui-disabled",
    `MuiButton-root MuiButton-${variant} MuiButton-size${cap(size)} MuiButton-color${cap(color)} MuiButton-disableElevation`,
    fullWidth && "MuiButton-fullWidth",
    className,
  ];
  return (
    <Root
      look={{ variant, color, size, fullWidth }}
      className={classes.filter(Boolean).join(" ")}
      tabIndex={disabled ? -1 : 0}
      aria-disabled={disabled || undefined}
      {...props}
    >
      {startIcon && (
        <Icon side="start" size={size} className="MuiButton-icon MuiButton-startIcon">
          {startIcon}
        </Icon>
      )}
      {children}
      {endIcon && (
        <Icon side="end" size={size} className="MuiButton-icon MuiButton-endIcon">
          {endIcon}
        </Icon>
      )}
    </Root>
  );
}
