import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';
import { selectResearchBoxes } from '../workspaceSelectors';
import { MarkdownOnDemand, SafeHtmlOnDemand } from '../../../components/RichTextOnDemand';

/** Research boxes of the meeting, one accordion each (SPEC §2, §3). */
export function ResearchPanel() {
  const { t } = useTranslation();
  const boxes = useAppSelector(selectResearchBoxes);
  if (boxes.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="research-heading">
      <Typography id="research-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('Research')}
      </Typography>
      {boxes.map((box) => (
        <Accordion key={box.id} disableGutters variant="outlined">
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography variant="subtitle2">{box.title || box.name || box.id}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            {box.html ? (
              <SafeHtmlOnDemand html={box.html} />
            ) : (
              <MarkdownOnDemand content={box.content} />
            )}
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
