import type { ComponentType } from 'react';
import type {
  ExpertsWidget,
  HistoryWidget,
  ImageWidget,
  NewWorkspaceWidget,
  Widget,
} from '../../../../protocol';
import { DefaultExpertsWidget } from './ExpertsWidget';
import { DefaultHistoryWidget } from './HistoryWidget';
import { DefaultImageWidget } from './ImageWidget';
import { DefaultNewWorkspaceWidget } from './NewWorkspaceWidget';
import { UnknownWidget } from './UnknownWidget';

type KnownWidget = HistoryWidget | NewWorkspaceWidget | ExpertsWidget | ImageWidget;
type Registry = { [W in KnownWidget as W['layout']]: ComponentType<{ widget: W }> };

/** Layout name → component (SPEC §2 "Dashboard"). */
export const widgetRegistry: Registry = {
  DefaultHistoryWidget,
  DefaultNewWorkspaceWidget,
  DefaultExpertsWidget,
  DefaultImageWidget,
};

function isKnown(widget: Widget): widget is KnownWidget {
  return Object.hasOwn(widgetRegistry, widget.layout);
}

/** One widget from the server, by its layout; any other layout is an 'Unknown Widget' box. */
export function WidgetView({ widget }: { widget: Widget }) {
  if (!isKnown(widget)) return <UnknownWidget layout={String(widget.layout)} />;
  const Component = widgetRegistry[widget.layout] as ComponentType<{ widget: KnownWidget }>;
  return <Component widget={widget} />;
}
