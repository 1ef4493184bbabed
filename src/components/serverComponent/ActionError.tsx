import Typography from '@mui/material/Typography';

/** An invalid action's message, in red under its button (SPEC §5 action errors). */
export function ActionError({ error }: { error: string | undefined }) {
  if (!error) return null;
  return (
    <Typography
      data-testid="action-error"
      role="alert"
      variant="caption"
      sx={{ display: 'block', color: 'error.main', mt: 0.5 }}
    >
      {error}
    </Typography>
  );
}
