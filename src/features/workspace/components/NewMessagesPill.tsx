import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import Fab from '@mui/material/Fab';
import { useTranslation } from 'react-i18next';

/** Floats over the transcript's bottom while new messages wait below the reader. */
export function NewMessagesPill({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
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
      {t('New messages below')}
    </Fab>
  );
}
