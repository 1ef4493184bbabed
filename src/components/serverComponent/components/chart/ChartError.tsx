import Typography from '@mui/material/Typography';

export function ChartError({ reason }: { reason: string }) {
  return (
    <Typography data-testid="chart-error" role="alert" variant="body2" sx={{ color: 'error.main' }}>
      Chart could not be rendered: {reason}
    </Typography>
  );
}
