import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';
import type { CodeBlock } from '../codeBlocks';
import { selectCodeBlocks } from '../workspaceSelectors';
import { useCopyText } from './useCopyText';
import { MarkdownOnDemand } from '../../../components/RichTextOnDemand';

/** A fence longer than any backtick run in the code, so the code cannot close it early. */
export function fenced(code: string, language: string): string {
  const longest = Math.max(0, ...Array.from(code.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${code}\n${fence}`;
}

/** 'Blocks': every code block of the transcript, each with a copy button, and copy-all (SPEC §2). */
export function CodeBlocksPanel() {
  const { t } = useTranslation();
  const blocks = useAppSelector(selectCodeBlocks);
  const copy = useCopyText();
  const copyAll = () =>
    copy(blocks.map((b) => b.code).join('\n\n'), {
      ok: t('All code blocks copied to clipboard'),
      failed: t('Failed to copy all code blocks'),
    });

  return (
    <Box component="section" aria-labelledby="blocks-heading">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography id="blocks-heading" variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('Blocks')}
        </Typography>
        <Button
          size="small"
          startIcon={<ContentCopyIcon fontSize="small" />}
          onClick={copyAll}
          disabled={blocks.length === 0}
        >
          {t('Copy all')}
        </Button>
      </Box>
      {blocks.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('No code blocks yet')}
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          {blocks.map((block) => (
            <CodeBlockCard key={block.id} block={block} />
          ))}
        </Box>
      )}
    </Box>
  );
}

const CodeBlockCard = memo(function CodeBlockCard({ block }: { block: CodeBlock }) {
  const { t } = useTranslation();
  const copy = useCopyText();
  return (
    <Paper variant="outlined" sx={{ p: 1 }} data-testid="code-block">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="caption" sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
          {block.language}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }} noWrap>
          {block.author}
        </Typography>
        <Tooltip title={t('Copy code')}>
          <IconButton
            aria-label={t('Copy code')}
            size="small"
            onClick={() =>
              copy(block.code, {
                ok: t('Code copied to clipboard'),
                failed: t('Failed to copy code'),
              })
            }
          >
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <MarkdownOnDemand
        content={fenced(block.code, block.language)}
        sx={{ '& pre': { my: 0.5 } }}
      />
    </Paper>
  );
});
