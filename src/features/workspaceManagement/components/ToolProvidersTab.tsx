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
import { safeLinkUrl } from '../../../../protocol/paths';
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
  const dispatch = useAppDispatch();
  const management = useAppSelector(selectManagement);
  const { providers, selectedProviders } = management;
  const broughtBy = providersBroughtBy(management);
  if (providers.length === 0) {
    return <Typography color="text.secondary">No tool providers available.</Typography>;
  }
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => dispatch(allProvidersSelected())}>
          Select All
        </Button>
        <Button variant="outlined" onClick={() => dispatch(allProvidersDeselected())}>
          Deselect All
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
              <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${p.name}-tools`}>
                <Checkbox
                  checked={selected}
                  onClick={(e) => e.stopPropagation()}
                  onChange={() => dispatch(providerSelectionToggled(p.name))}
                  slotProps={{ input: { 'aria-label': `Use ${p.name}` } }}
                  sx={{ mr: 1, p: 0.5 }}
                />
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
              <AccordionDetails id={`${p.name}-tools`}>
                {serviceUrl && (
                  <Link
                    href={serviceUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    sx={{ display: 'inline-block', mb: 1 }}
                  >
                    Learn more about this service
                  </Link>
                )}
                <Table size="small" aria-label={`${p.name} tools`}>
                  <TableHead>
                    <TableRow>
                      <TableCell>Tool</TableCell>
                      <TableCell>Description</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {(p.tools ?? []).map((t) => (
                      <TableRow key={t.name}>
                        <TableCell sx={{ fontFamily: 'monospace' }}>
                          {toolDisplayName(t.name)}
                        </TableCell>
                        <TableCell>{t.description}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                <McpOffers title="Resources" items={p.resources} />
                <McpOffers title="Prompts" items={p.prompts} />
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
  const names = experts.join(', ');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={selected ? 'primary' : 'warning'}
      label={selected ? `Brought by ${names}` : `Not selected: ${names} will ask for it`}
      sx={{ mt: 0.5, maxWidth: '100%' }}
    />
  );
}

/** What an MCP server offers besides tools (issue 22): listed, not used by the experts. */
function McpOffers({
  title,
  items,
}: {
  title: string;
  items: { name: string; description?: string }[] | undefined;
}) {
  if (!items?.length) return null;
  return (
    <Table size="small" aria-label={title} sx={{ mt: 1 }}>
      <TableHead>
        <TableRow>
          <TableCell>{title.slice(0, -1)}</TableCell>
          <TableCell>Description</TableCell>
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
