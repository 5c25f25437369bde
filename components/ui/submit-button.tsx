import Button, { type ButtonProps } from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";

/** A form's submit button: disabled with a spinner while the form is busy. */
export function SubmitButton({ busy, children, ...props }: { busy: boolean } & Omit<ButtonProps, "type">) {
  return (
    <Button
      variant="contained"
      size="large"
      {...props}
      type="submit"
      disabled={busy || props.disabled}
      aria-busy={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : props.startIcon}
    >
      {children}
    </Button>
  );
}
