import Alert from '@mui/material/Alert';

/** A layout this client has no component for (an app may add widgets on the server). */
export function UnknownWidget({ layout }: { layout: string }) {
  return (
    <Alert severity="warning" variant="outlined" data-testid="unknown-widget">
      Unknown Widget: {layout}
    </Alert>
  );
}
