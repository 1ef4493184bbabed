import MuiCard from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { InvalidComponent } from '../InvalidComponent';
import { NodeList } from '../NodeList';
import { optionalString } from '../nodeProps';
import type { ServerComponentProps } from '../types';

/** A card with an optional title over its children. */
export function Card({ node, style }: ServerComponentProps) {
  const error = optionalString(node, 'title');
  if (error) return <InvalidComponent message={error} />;
  return (
    <MuiCard style={style}>
      <CardContent>
        {node.title && (
          <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
            {node.title}
          </Typography>
        )}
        <NodeList items={node.children} owner="Card" />
      </CardContent>
    </MuiCard>
  );
}
