import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectExperts } from '../workspaceSelectors';
import { expertToggled, type WorkspaceExpert } from '../workspaceSlice';
import { keywordText } from './keywords';

/** The workspace's experts; a click toggles whether the expert takes part (SPEC §2). */
export function ExpertList() {
  const { t } = useTranslation();
  const experts = useAppSelector(selectExperts);
  if (experts.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
        {t('No experts yet')}
      </Typography>
    );
  }
  return (
    <List dense sx={{ py: 0 }} aria-label={t('Experts')}>
      {experts.map((expert) => (
        <ExpertItem key={expert.expert_id} expert={expert} />
      ))}
    </List>
  );
}

const ExpertItem = memo(function ExpertItem({ expert }: { expert: WorkspaceExpert }) {
  const dispatch = useAppDispatch();
  const keywords = keywordText(expert.keywords);
  return (
    <ListItem disablePadding>
      <ListItemButton
        selected={expert.selected}
        aria-pressed={expert.selected}
        onClick={() => dispatch(expertToggled({ expertId: expert.expert_id }))}
        sx={{ borderRadius: 1, mx: 1, alignItems: 'flex-start' }}
      >
        <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
          {expert.selected ? (
            <CheckCircleIcon fontSize="small" color="primary" />
          ) : (
            <RadioButtonUncheckedIcon fontSize="small" color="disabled" />
          )}
        </ListItemIcon>
        <ListItemText
          primary={expert.name}
          secondary={keywords || undefined}
          slotProps={{
            primary: { sx: { fontWeight: expert.selected ? 600 : 400 } },
            secondary: { sx: { overflowWrap: 'anywhere' } },
          }}
        />
      </ListItemButton>
    </ListItem>
  );
});
