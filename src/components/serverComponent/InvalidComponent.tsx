import Alert from '@mui/material/Alert';

/**
 * The box shown in place of a node the renderer cannot show (unknown name,
 * bad props, a render error). It is deliberately small and local, so one bad
 * node never takes the rest of the screen with it.
 */
export function InvalidComponent({ message }: { message: string }) {
  return (
    <Alert
      variant="outlined"
      severity="warning"
      data-testid="invalid-component"
      sx={{ my: 0.5, overflowWrap: 'anywhere' }}
    >
      {message}
    </Alert>
  );
}
