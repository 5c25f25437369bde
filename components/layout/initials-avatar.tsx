import s from "./frame.module.css";

/**
 * The user's initials in a green disc: MUI's Avatar with letters (its classes and look, in
 * frame.module.css), without the image loading and fallback icon that Avatar brings for pictures.
 */
export function InitialsAvatar({ initials }: { initials: string }) {
  // a picture of the user, not a label: the control it sits in is named by the user's name
  return (
    <div aria-hidden className={`MuiAvatar-root MuiAvatar-circular MuiAvatar-colorDefault ${s.avatar}`}>
      {initials}
    </div>
  );
}
