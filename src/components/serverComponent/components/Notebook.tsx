import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTEBOOK_SIDEBAR_PERCENT } from '../../../../protocol/components';
import { InvalidComponent } from '../InvalidComponent';
import { ServerComponent } from '../ServerComponent';
import { isRecord, requireArray } from '../nodeProps';
import type { ServerComponentProps } from '../types';

function sectionTitle(section: unknown, index: number, t: TFunction): string {
  return isRecord(section) && typeof section.title === 'string' && section.title
    ? section.title
    : t('Section {{number}}', { number: index + 1 });
}

/**
 * Sections behind a sidebar of their titles (SPEC §4, §9): the first is
 * selected at the start; the sidebar takes NOTEBOOK_SIDEBAR_PERCENT of the width.
 */
export function Notebook({ node, style }: ServerComponentProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(0);
  const error = requireArray(node, 'sections');
  if (error) return <InvalidComponent message={error} />;
  const sections = node.sections as unknown[];
  if (!sections.length) return null;
  // The server may send fewer sections than before; stay within them.
  const current = Math.min(selected, sections.length - 1);
  return (
    <Box style={style} sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2 }}>
      <Box
        component="nav"
        data-testid="notebook-sidebar"
        sx={{
          width: { xs: '100%', sm: `${NOTEBOOK_SIDEBAR_PERCENT}%` },
          flexShrink: 0,
          borderRight: { sm: 1 },
          borderColor: { sm: 'divider' },
        }}
      >
        <List dense disablePadding>
          {sections.map((section, index) => (
            <ListItem key={index} disablePadding>
              <ListItemButton
                selected={index === current}
                aria-current={index === current ? 'page' : undefined}
                onClick={() => setSelected(index)}
              >
                <ListItemText primary={sectionTitle(section, index, t)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
      <Box data-testid="notebook-section" sx={{ flex: 1, minWidth: 0 }}>
        <ServerComponent key={current} node={sections[current]} />
      </Box>
    </Box>
  );
}
