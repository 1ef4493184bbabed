import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import Fab from '@mui/material/Fab';

/** Floats over the transcript's bottom while new messages wait below the reader. */
export function NewMessagesPill({ onClick }: { onClick: () => void }) {
  return (
    <Fab
      variant="extended"
      size="small"
      color="primary"
      onClick={onClick}
      sx={{
        position: 'absolute',
        bottom: 12,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 1,
        textTransform: 'none',
        // One line: centred by a transform, the pill would otherwise wrap at half the list's width.
        whiteSpace: 'nowrap',
      }}
    >
      <ArrowDownwardIcon fontSize="small" sx={{ mr: 0.5 }} />
      New messages below
    </Fab>
  );
}
