import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useContext } from 'react';
import { ActionError } from '../ActionError';
import { InvalidComponent } from '../InvalidComponent';
import { firstError, optionalString, requireString } from '../nodeProps';
import type { ServerComponentProps } from '../types';
import { useComponentAction } from '../useComponentAction';
import { OptionLetterContext } from './optionLetter';

/** One answer of an OptionList: a letter badge and a label; a click runs its action or event. */
export function Option({ node, style }: ServerComponentProps) {
  const assigned = useContext(OptionLetterContext);
  const { run, error } = useComponentAction(node);
  const propError = firstError(requireString(node, 'label'), optionalString(node, 'optionLetter'));
  if (propError) return <InvalidComponent message={propError} />;
  const letter = node.optionLetter || assigned;
  return (
    // A list item only inside an OptionList (which is the list); alone it is just a button.
    <Box role={assigned === undefined ? undefined : 'listitem'} style={style}>
      <ButtonBase
        onClick={run}
        disabled={node.disabled === true}
        sx={{
          width: '100%',
          justifyContent: 'flex-start',
          gap: 1.5,
          p: 1.25,
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          textAlign: 'left',
          '&:hover': { bgcolor: 'action.hover', borderColor: 'primary.main' },
        }}
      >
        {letter && (
          <Avatar
            data-testid="option-letter"
            sx={{ width: 28, height: 28, fontSize: 14, bgcolor: 'primary.main' }}
          >
            {letter}
          </Avatar>
        )}
        <Typography>{node.label}</Typography>
      </ButtonBase>
      <ActionError error={error} />
    </Box>
  );
}
