import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTION_NAMES, type AuditAction } from '../../../protocol';
import { auditActionLabel } from './auditActions';

export interface AuditFilterValues {
  actor: string;
  action: AuditAction | '';
  world: string;
  /** YYYY-MM-DD, both inclusive. */
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilterValues = {
  actor: '',
  action: '',
  world: '',
  from: '',
  to: '',
};

/** Who, what kind, which world (global admins only), from and to which day. */
export function AuditFilters({
  values,
  onChange,
  worlds,
}: {
  values: AuditFilterValues;
  onChange: (next: AuditFilterValues) => void;
  /** The worlds to filter by; absent for a world admin, who sees their world only. */
  worlds?: { world_id: string; name: string }[];
}) {
  const { t } = useTranslation();
  const set = <K extends keyof AuditFilterValues>(key: K, value: AuditFilterValues[K]) =>
    onChange({ ...values, [key]: value });
  const changed = Object.values(values).some(Boolean);
  return (
    <Stack
      component="form"
      role="search"
      aria-label={t('Filter the audit log')}
      onSubmit={(e) => e.preventDefault()}
      direction="row"
      sx={{
        gap: 1.5,
        flexWrap: 'wrap',
        mb: 2,
        '& > *': { flex: { xs: '1 1 100%', sm: '1 1 180px' } },
      }}
    >
      <TextField
        size="small"
        label={t('Who (email)')}
        type="search"
        value={values.actor}
        onChange={(e) => set('actor', e.target.value)}
      />
      <TextField
        size="small"
        select
        label={t('What')}
        value={values.action}
        onChange={(e) => set('action', e.target.value as AuditAction | '')}
      >
        <MenuItem value="">{t('Every kind')}</MenuItem>
        {AUDIT_ACTION_NAMES.map((a) => (
          <MenuItem key={a} value={a}>
            {auditActionLabel(a, t)}
          </MenuItem>
        ))}
      </TextField>
      {worlds && (
        <TextField
          size="small"
          select
          label={t('World')}
          value={values.world}
          onChange={(e) => set('world', e.target.value)}
        >
          <MenuItem value="">{t('Every world')}</MenuItem>
          {worlds.map((w) => (
            <MenuItem key={w.world_id} value={w.world_id}>
              {w.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        size="small"
        label={t('From')}
        type="date"
        value={values.from}
        onChange={(e) => set('from', e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        label={t('To')}
        type="date"
        value={values.to}
        onChange={(e) => set('to', e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {changed && (
        <Button onClick={() => onChange(NO_AUDIT_FILTERS)} sx={{ flex: '0 0 auto !important' }}>
          {t('Clear filters')}
        </Button>
      )}
    </Stack>
  );
}
