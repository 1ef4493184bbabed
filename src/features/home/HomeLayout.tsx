import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';

/** The signed-out home: welcome texts around a nested view (login, logged out). */
export function HomeLayout() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper
        sx={{ p: { xs: 3, sm: 6 }, maxWidth: 520, width: '100%', textAlign: 'center' }}
        variant="outlined"
      >
        <Stack spacing={3}>
          <Box
            component="img"
            src="/favicon.svg"
            alt="EMgen"
            sx={{ width: 56, height: 56, mx: 'auto', display: 'block' }}
          />
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            {t('Welcome to EMgen')}
          </Typography>
          <Typography variant="subtitle1" component="p" color="text.secondary">
            {t('Your multi-world AI workspace')}
          </Typography>
          <Typography>{t('Please select a world or login to continue.')}</Typography>
          <Outlet />
        </Stack>
      </Paper>
    </Box>
  );
}
