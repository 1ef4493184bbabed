import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/baseApi';
import { useAppSelector } from '../../store/hooks';
import { selectActiveWorld } from '../auth/authSlice';
import { NavBar } from '../world/NavBar';
import { AppearanceSection } from './AppearanceSection';
import { DevToolsSection } from './DevToolsSection';
import { LanguageSection } from './LanguageSection';
import { rememberDevToolsPreferences } from './devToolsStorage';
import { PasswordSection } from './PasswordSection';
import { PinSection } from './PinSection';
import { ProfileSection } from './ProfileSection';
import { useGetSettingsQuery } from './settingsApi';

/** /settings: the signed-in person's own settings (reached from the world menu and the palette). */
export function SettingsPage() {
  const { t } = useTranslation();
  const worldId = useAppSelector(selectActiveWorld) ?? '';
  const { data: settings, error, isLoading } = useGetSettingsQuery();

  // The DevTools settings the store reads at start come from the account from now on.
  useEffect(() => {
    if (settings) rememberDevToolsPreferences(settings.devtools);
  }, [settings]);

  return (
    <Box sx={{ minHeight: '100vh' }}>
      <NavBar worldId={worldId} title={t('Settings')} />
      <Container maxWidth="md" sx={{ py: 3 }}>
        <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
          {t('Settings')}
        </Typography>
        {isLoading && (
          <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
            <CircularProgress size={24} />
            <Typography>{t('Loading settings...')}</Typography>
          </Stack>
        )}
        {error && (
          <Alert severity="error">
            {t('Could not load your settings: {{error}}', { error: errorMessage(error) })}
          </Alert>
        )}
        {settings && (
          <Stack spacing={3}>
            {/* Keyed by what the server holds, so each form starts again from it after a save. */}
            <ProfileSection key={`${settings.name}|${settings.avatar_color}`} settings={settings} />
            <AppearanceSection theme={settings.theme} />
            <LanguageSection language={settings.language} />
            <PasswordSection hasPassword={settings.has_password} email={settings.email} />
            <PinSection enabled={settings.pin_enabled} />
            <DevToolsSection devtools={settings.devtools} />
          </Stack>
        )}
      </Container>
    </Box>
  );
}
