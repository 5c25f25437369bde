import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";

/** The error box of a form: the server's `detail` (or any other failure) under the title 'Error'. */
export function FormErrorAlert({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      <AlertTitle>Error</AlertTitle>
      {error}
    </Alert>
  );
}
