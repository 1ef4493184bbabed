import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/**
 * At most `max` tags as small chips, then one chip for the rest: '+N more' on
 * a drive card (5 tags), '+N' in a file row (3 tags), SPEC §9.
 */
export function TagChips({
  tags,
  max,
  more = (n) => `+${n}`,
  label,
}: {
  tags: readonly string[];
  max: number;
  more?: (hidden: number) => string;
  label?: string;
}) {
  const { t } = useTranslation();
  if (tags.length === 0) return null;
  const shown = tags.slice(0, max);
  const hidden = tags.length - shown.length;
  return (
    <Stack
      direction="row"
      component="ul"
      aria-label={label ?? t('Tags')}
      sx={{ flexWrap: 'wrap', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}
    >
      {shown.map((tag, i) => (
        <li key={`${tag}-${i}`}>
          <Chip size="small" label={tag} />
        </li>
      ))}
      {hidden > 0 && (
        <li>
          <Chip
            size="small"
            variant="outlined"
            label={more(hidden)}
            title={tags.slice(max).join(', ')}
          />
        </li>
      )}
    </Stack>
  );
}
