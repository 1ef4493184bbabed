import BuildIcon from '@mui/icons-material/Build';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkspaceTool } from '../../../protocol';
import { tKey } from '../../i18n/i18n';
import { shortToolName } from './schemaForm';

export const TOOL_MENU_ID = 'tool-menu';
export const toolOptionId = (i: number) => `tool-menu-option-${i}`;

const SOURCE_LABEL: Record<string, string> = {
  builtin: tKey('built-in'),
  app: tKey('app'),
  mcp: tKey('MCP'),
};

/**
 * The / menu above the message box: the workspace's tools matching what was
 * typed after the slash. The text field keeps the focus (it owns the
 * keys: arrows move, Enter picks, Escape closes) and points at the active
 * option with aria-activedescendant.
 */
export function ToolMenu({
  tools,
  active,
  loading,
  error,
  onPick,
}: {
  tools: WorkspaceTool[];
  active: number;
  loading: boolean;
  error: string | null;
  onPick: (tool: WorkspaceTool) => void;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const sourceText = (source: string) => {
    const label = SOURCE_LABEL[source];
    return label ? t(label) : source;
  };
  useEffect(() => {
    list.current?.querySelector(`#${toolOptionId(active)}`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  return (
    <Paper
      elevation={6}
      sx={{ position: 'absolute', left: 0, right: 0, bottom: '100%', mb: 1, zIndex: 10 }}
    >
      <Typography variant="overline" sx={{ px: 2, pt: 1, display: 'block' }} color="text.secondary">
        {t('Tools')}
      </Typography>
      {loading ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', px: 2, pb: 2 }}>
          <CircularProgress size={16} />
          <Typography variant="body2">{t('Loading tools...')}</Typography>
        </Box>
      ) : error ? (
        <Typography variant="body2" color="error" sx={{ px: 2, pb: 2 }}>
          {error}
        </Typography>
      ) : tools.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {t('No matching tools. Choose tool providers with Configure Workspace.')}
        </Typography>
      ) : (
        <List
          ref={list}
          id={TOOL_MENU_ID}
          role="listbox"
          aria-label={t('Tools')}
          dense
          sx={{ maxHeight: { xs: 240, sm: 320 }, overflowY: 'auto', py: 0 }}
        >
          {tools.map((tool, i) => (
            <ListItemButton
              key={tool.name}
              id={toolOptionId(i)}
              role="option"
              aria-selected={i === active}
              selected={i === active}
              // The field keeps the focus: a mouse pick must not blur it first.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onPick(tool)}
            >
              <ListItemIcon sx={{ minWidth: 32 }}>
                <BuildIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={
                  <>
                    <Box component="span" sx={{ fontFamily: 'monospace' }}>
                      /{shortToolName(tool.name)}
                    </Box>
                    <Typography component="span" variant="caption" color="text.secondary">
                      {'  '}
                      {tool.provider}
                      {tool.source ? ` · ${sourceText(tool.source)}` : ''}
                    </Typography>
                  </>
                }
                secondary={tool.description}
                slotProps={{ secondary: { noWrap: true } }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Paper>
  );
}
