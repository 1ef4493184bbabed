import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { Person } from '../../../protocol';

/** The account's state in a few words: disabled, PIN, temporary password, global admin. */
export function PersonStatus({ person }: { person: Person }) {
  const { t } = useTranslation();
  const chips: { label: string; color: 'default' | 'error' | 'info' | 'warning' | 'success' }[] =
    [];
  if (person.disabled) chips.push({ label: t('Disabled'), color: 'error' });
  if (person.global_admin) chips.push({ label: t('Global admin'), color: 'info' });
  if (person.pin) chips.push({ label: t('PIN'), color: 'success' });
  if (person.must_change_password) chips.push({ label: t('Temporary password'), color: 'warning' });
  if (!chips.length) chips.push({ label: t('Active'), color: 'default' });
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }} aria-label={t('Status')}>
      {chips.map((c) => (
        <Chip key={c.label} size="small" label={c.label} color={c.color} variant="outlined" />
      ))}
    </Stack>
  );
}
