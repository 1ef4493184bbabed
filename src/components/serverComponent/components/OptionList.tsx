import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { InvalidComponent } from '../InvalidComponent';
import { ServerComponent } from '../ServerComponent';
import { firstError, optionalString, requireArray } from '../nodeProps';
import type { ServerComponentProps } from '../types';
import { OptionLetterContext, letterFor } from './optionLetter';

/** A titled list of Options (multiple-choice answers), lettered A, B, C in order. */
export function OptionList({ node, style }: ServerComponentProps) {
  const error = firstError(optionalString(node, 'title'), requireArray(node, 'children'));
  if (error) return <InvalidComponent message={error} />;
  const options = node.children as unknown[];
  return (
    <Box style={style}>
      {node.title && (
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {node.title}
        </Typography>
      )}
      <Stack spacing={1} role="list">
        {options.map((option, index) => (
          <OptionLetterContext.Provider key={index} value={letterFor(index)}>
            <ServerComponent node={option} />
          </OptionLetterContext.Provider>
        ))}
      </Stack>
    </Box>
  );
}
