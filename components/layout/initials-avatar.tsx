import s from "./frame.module.css";

/**
 * The user's initials in a green disc: MUI's Avatar with letters (its classes and look, in
 * frame.module.css), without the image loading and fallback icon that Avatar brings for pictures.
 */
export function InitialsAvatar({ initials }: { initials: string }) {
  return <div className={`MuiAvatar-root MuiAvatar-circular MuiAvatar-colorDefault ${s.avatar}`}>{initials}</div>;
}
