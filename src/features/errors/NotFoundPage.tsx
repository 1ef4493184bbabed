import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Quote } from '../../components/serverComponent/components/Quote';

const QUOTE_NODE = { component: 'Quote' };

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center' }}>
      <Typography variant="h2" component="h1" sx={{ fontWeight: 700 }}>
        404
      </Typography>
      <Typography color="text.secondary">{t('This page does not exist.')}</Typography>
      <Button component={Link} to="/login" variant="contained">
        {t('Go home')}
      </Button>
      {/* The quote easter egg (SPEC §2 "Other"): something to read on the way back. */}
      <Box sx={{ maxWidth: 520, pt: 4, textAlign: 'center' }}>
        <Quote node={QUOTE_NODE} style={undefined} />
      </Box>
    </Stack>
  );
}
