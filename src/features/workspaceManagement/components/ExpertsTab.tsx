import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { keywordText } from '../../workspace/components/keywords';
import { expertSelectionToggled, selectManagement } from '../managementSlice';

/** Every available expert as a card; a click adds it to or removes it from the workspace. */
export function ExpertsTab() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { experts, selectedExperts } = useAppSelector(selectManagement);
  if (experts.length === 0)
    return <Typography color="text.secondary">{t('No experts found.')}</Typography>;
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}
    >
      {experts.map((e) => {
        const selected = selectedExperts.includes(e.expert_id);
        return (
          <Card
            key={e.expert_id}
            sx={{
              borderColor: selected ? 'primary.main' : 'divider',
              borderWidth: selected ? 2 : 1,
            }}
          >
            <CardActionArea
              aria-pressed={selected}
              onClick={() => dispatch(expertSelectionToggled(e.expert_id))}
              sx={{
                p: 2,
                display: 'flex',
                alignItems: 'flex-start',
                gap: 1.5,
                justifyContent: 'flex-start',
              }}
            >
              {selected ? (
                <CheckCircleIcon color="primary" aria-hidden />
              ) : (
                <RadioButtonUncheckedIcon color="disabled" aria-hidden />
              )}
              <Box>
                <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {e.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {keywordText(e.keywords)}
                </Typography>
                {e.tool_providers?.length ? (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="p"
                    sx={{ mt: 0.5 }}
                  >
                    {t('Brings: {{providers}}', { providers: e.tool_providers.join(', ') })}
                  </Typography>
                ) : null}
              </Box>
            </CardActionArea>
          </Card>
        );
      })}
    </Box>
  );
}
