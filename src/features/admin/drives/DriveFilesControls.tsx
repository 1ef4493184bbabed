import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriveTag, SearchKind } from '../../../../protocol';
import { SEARCH_KINDS } from '../adminFormat';

/**
 * The drive page's search: a box (Enter or Search), its kind (Text, Semantic,
 * Tag). A blank search, and clearing the box, go back to the listing.
 */
export function DriveSearchBar({
  kind,
  onSearch,
  onKind,
}: {
  kind: SearchKind;
  onSearch: (text: string) => void;
  onKind: (kind: SearchKind) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text);
  };
  return (
    <Box
      component="form"
      role="search"
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}
    >
      <TextField
        size="small"
        label={t('Search files')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (!e.target.value.trim()) onSearch('');
        }}
        sx={{ flex: 1, minWidth: 220 }}
      />
      <FormControl size="small" sx={{ minWidth: 140 }}>
        <InputLabel id="drive-search-kind">{t('Search type')}</InputLabel>
        <Select
          labelId="drive-search-kind"
          label={t('Search type')}
          value={kind}
          onChange={(e) => onKind(e.target.value as SearchKind)}
        >
          {SEARCH_KINDS.map((k) => (
            <MenuItem key={k.value} value={k.value}>
              {t(k.label)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
        {t('Search')}
      </Button>
    </Box>
  );
}

/** The drive's tags as toggles: the files shown carry every chosen tag. */
export function TagFilter({
  tags,
  chosen,
  onToggle,
  onClear,
}: {
  tags: readonly DriveTag[];
  chosen: readonly string[];
  onToggle: (tag: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  if (tags.length === 0) return null;
  return (
    <Stack
      direction="row"
      role="group"
      aria-label={t('Filter by tag')}
      sx={{ flexWrap: 'wrap', gap: 0.75, alignItems: 'center', mb: 2 }}
    >
      <Typography variant="body2" color="text.secondary">
        {t('Filter by tag:')}
      </Typography>
      {tags.map((tag) => {
        const on = chosen.includes(tag.Name);
        return (
          <Chip
            key={tag.Name}
            size="small"
            label={tag.Name}
            title={t('{{count}} files', { count: tag.Count })}
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            aria-pressed={on}
            onClick={() => onToggle(tag.Name)}
          />
        );
      })}
      {chosen.length > 0 && (
        <Button size="small" onClick={onClear}>
          {t('Clear filters')}
        </Button>
      )}
    </Stack>
  );
}
