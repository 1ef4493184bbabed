import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_CHOICES, type LanguageChoice } from '../../../protocol';
import { errorMessage } from '../../api/baseApi';
import { LANGUAGE_NAMES, applyLanguage, resolveLanguage } from '../../i18n/i18n';
import { useAppDispatch } from '../../store/hooks';
import { flashShown } from '../flash/flashSlice';
import { SettingsSection } from './SettingsSection';
import { useUpdateSettingsMutation } from './settingsApi';

/** The language of every page: applied at once, and kept with the account. */
export function LanguageSection({ language }: { language: LanguageChoice }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [update, { isLoading }] = useUpdateSettingsMutation();

  const choose = async (next: LanguageChoice) => {
    await applyLanguage(next);
    try {
      await update({ language: next }).unwrap();
    } catch (err) {
      await applyLanguage(language);
      dispatch(flashShown(errorMessage(err), 'error'));
    }
  };

  const label = (choice: LanguageChoice) =>
    choice === 'browser'
      ? t('Same as the browser ({{language}})', {
          language: LANGUAGE_NAMES[resolveLanguage('browser')],
        })
      : LANGUAGE_NAMES[choice];

  return (
    <SettingsSection
      id="settings-language"
      title={t('Language')}
      description={t('The language of every page, and how dates, numbers and sizes are written.')}
    >
      <TextField
        select
        label={t('Language')}
        value={language}
        disabled={isLoading}
        onChange={(e) => void choose(e.target.value as LanguageChoice)}
        sx={{ minWidth: { xs: '100%', sm: 320 } }}
      >
        {LANGUAGE_CHOICES.map((choice) => (
          <MenuItem key={choice} value={choice} lang={choice === 'browser' ? undefined : choice}>
            {label(choice)}
          </MenuItem>
        ))}
      </TextField>
    </SettingsSection>
  );
}
