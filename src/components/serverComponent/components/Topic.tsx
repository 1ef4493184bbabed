import Chip from '@mui/material/Chip';
import { InvalidComponent } from '../InvalidComponent';
import { firstError, optionalString, requireString, stringProp } from '../nodeProps';
import { useServerScreen } from '../screenContext';
import type { ServerComponentProps } from '../types';

export const TOPIC_CLICKED = 'topic_clicked';

/** A topic chip; a click tells the server which topic (SPEC §7 page.event "topic click"). */
export function Topic({ node, style }: ServerComponentProps) {
  const { host } = useServerScreen();
  const error = firstError(
    requireString(node, 'topic'),
    optionalString(node, 'content'),
    optionalString(node, 'event_handler'),
  );
  if (error) return <InvalidComponent message={error} />;
  const topic = node.topic as string;
  return (
    <Chip
      label={stringProp(node, 'content') || topic}
      clickable
      color="primary"
      variant="outlined"
      style={style}
      onClick={() =>
        host.sendEvent({
          event_handler: node.event_handler || TOPIC_CLICKED,
          attrs: { topic, action: TOPIC_CLICKED },
        })
      }
    />
  );
}
