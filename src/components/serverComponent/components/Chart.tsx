import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { InvalidComponent } from '../InvalidComponent';
import { optionalString } from '../nodeProps';
import type { ServerComponentProps } from '../types';
import { ChartBoundary } from './chart/ChartBoundary';
import { readChart } from './chart/chartData';
import { ChartError } from './chart/ChartError';

const ChartView = lazy(() => import('./chart/ChartView'));

const DEFAULT_HEIGHT = 300;

function heightOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 100 && value <= 1200
    ? value
    : DEFAULT_HEIGHT;
}

/** A bar, line or pie chart of data.labels / data.series (SPEC §8: red text when it fails). */
export function Chart({ node, style }: ServerComponentProps) {
  const titleError = optionalString(node, 'title');
  if (titleError) return <InvalidComponent message={titleError} />;
  const read = readChart(node.type, node.data);
  const height = heightOf(node.height);
  return (
    <Box style={style}>
      {node.title && (
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {node.title}
        </Typography>
      )}
      {read.ok ? (
        <ChartBoundary resetKey={node.data}>
          <Suspense fallback={<Skeleton variant="rectangular" height={height} />}>
            <ChartView chart={read.chart} height={height} />
          </Suspense>
        </ChartBoundary>
      ) : (
        <ChartError reason={read.reason} />
      )}
    </Box>
  );
}
