import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { safeLinkUrl } from '../../../../protocol/paths';
import { tKey } from '../../../i18n/i18n';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { toolDisplayName } from '../managementModel';
import {
  allProvidersDeselected,
  allProvidersSelected,
  providerSelectionToggled,
  selectManagement,
} from '../managementSlice';
import { providersBroughtBy } from '../preselect';

/** Tool providers as expandable cards with their tools; the checkbox chooses a provider. */
export function ToolProvidersTab() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const management = useAppSelector(selectManagement);
  const { providers, selectedProviders } = management;
  const broughtBy = providersBroughtBy(management);
  if (providers.length === 0) {
    return <Typography color="text.secondary">{t('No tool providers available.')}</Typography>;
  }
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => dispatch(allProvidersSelected())}>
          {t('Select All')}
        </Button>
        <Button variant="outlined" onClick={() => dispatch(allProvidersDeselected())}>
          {t('Deselect All')}
        </Button>
      </Stack>
      <Box>
        {providers.map((p) => {
          const selected = selectedProviders.includes(p.name);
          // The server refuses other links already; nothing else (javascript:...) reaches the DOM.
          const serviceUrl = safeLinkUrl(p.service_url) && p.service_url;
          const experts = broughtBy.get(p.name);
          return (
            <Accordion key={p.name} disableGutters variant="outlined">
              {/* The checkbox sits beside the summary, not in it: a control inside the
                  summary's button would be a control inside a control. */}
              <Box sx={{ display: 'flex', alignItems: 'center', pl: 1 }}>
                <Checkbox
                  checked={selected}
                  onChange={() => dispatch(providerSelectionToggled(p.name))}
                  slotProps={{ input: { 'aria-label': t('Use {{name}}', { name: p.name }) } }}
                  sx={{ p: 0.5 }}
                />
                <AccordionSummary
                  expandIcon={<ExpandMoreIcon />}
                  aria-controls={`${p.name}-tools`}
                  sx={{ flex: 1, minWidth: 0, pl: 1 }}
                >
                  <Box>
                    <Typography sx={{ fontWeight: 600 }}>{p.name}</Typography>
                    {p.description && (
                      <Typography variant="body2" color="text.secondary">
                        {p.description}
                      </Typography>
                    )}
                    {experts && <BroughtBy experts={experts} selected={selected} />}
                  </Box>
                </AccordionSummary>
              </Box>
              <AccordionDetails id={`${p.name}-tools`}>
                {serviceUrl && (
                  <Link
                    href={serviceUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    sx={{ display: 'inline-block', mb: 1 }}
                  >
                    {t('Learn more about this service')}
                  </Link>
                )}
                <Table size="small" aria-label={t('{{name}} tools', { name: p.name })}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('Tool')}</TableCell>
                      <TableCell>{t('Description')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {(p.tools ?? []).map((tool) => (
                      <TableRow key={tool.name}>
                        <TableCell sx={{ fontFamily: 'monospace' }}>
                          {toolDisplayName(tool.name)}
                        </TableCell>
                        <TableCell>{tool.description}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                <McpOffers kind="resources" items={p.resources} />
                <McpOffers kind="prompts" items={p.prompts} />
              </AccordionDetails>
            </Accordion>
          );
        })}
      </Box>
    </Stack>
  );
}

/** Which chosen experts bring a provider; unticked, a warning that they will be without it. */
function BroughtBy({ experts, selected }: { experts: string[]; selected: boolean }) {
  const { t } = useTranslation();
  const names = experts.join(', ');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={selected ? 'primary' : 'warning'}
      label={
        selected
          ? t('Brought by {{names}}', { names })
          : t('Not selected: {{names}} will ask for it', { names })
      }
      sx={{ mt: 0.5, maxWidth: '100%' }}
    />
  );
}

/** What an MCP server offers besides tools (issue 22): listed, not used by the experts. */
const MCP_OFFERS = {
  resources: { title: tKey('Resources'), one: tKey('Resource') },
  prompts: { title: tKey('Prompts'), one: tKey('Prompt') },
} as const;

function McpOffers({
  kind,
  items,
}: {
  kind: keyof typeof MCP_OFFERS;
  items: { name: string; description?: string }[] | undefined;
}) {
  const { t } = useTranslation();
  if (!items?.length) return null;
  const { title, one } = MCP_OFFERS[kind];
  return (
    <Table size="small" aria-label={t(title)} sx={{ mt: 1 }}>
      <TableHead>
        <TableRow>
          <TableCell>{t(one)}</TableCell>
          <TableCell>{t('Description')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((r) => (
          <TableRow key={r.name}>
            <TableCell sx={{ fontFamily: 'monospace' }}>{r.name}</TableCell>
            <TableCell>{r.description}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
