import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/**
 * A route that exists in the router but whose screen belongs to a later issue.
 * It says so plainly instead of pretending to work.
 */
export function PlannedScreen({ title, issue }: { title: string; issue: number }) {
  return (
    <Container maxWidth="sm" sx={{ py: 8 }}>
      <Paper sx={{ p: 4 }} variant="outlined">
        <Typography variant="h5" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary">
          This screen is not built yet (planned in issue #{issue}).
        </Typography>
      </Paper>
    </Container>
  );
}
