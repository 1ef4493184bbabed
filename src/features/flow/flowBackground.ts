import { useCallback, useState } from 'react';

/** SPEC §9: the flow page's backgrounds; the choice is remembered in this browser. */
export const FLOW_BACKGROUNDS = {
  purple: 'linear-gradient(135deg, #3b1a5c 0%, #6a3093 50%, #a044ff 100%)',
  blue: 'linear-gradient(135deg, #0f2b4c 0%, #1e5799 50%, #3d8fd9 100%)',
  green: 'linear-gradient(135deg, #0b3d2e 0%, #15803d 50%, #4ade80 100%)',
} as const;
export type FlowBackground = keyof typeof FLOW_BACKGROUNDS;
export const FLOW_BACKGROUND_NAMES = Object.keys(FLOW_BACKGROUNDS) as FlowBackground[];
export const DEFAULT_FLOW_BACKGROUND: FlowBackground = 'purple';
export const FLOW_BACKGROUND_KEY = 'emgen.flow.background';

function isBackground(value: unknown): value is FlowBackground {
  return typeof value === 'string' && Object.hasOwn(FLOW_BACKGROUNDS, value);
}

function readStored(): FlowBackground {
  try {
    const stored = window.localStorage.getItem(FLOW_BACKGROUND_KEY);
    return isBackground(stored) ? stored : DEFAULT_FLOW_BACKGROUND;
  } catch {
    return DEFAULT_FLOW_BACKGROUND; // storage refused (private mode): the default still works
  }
}

/** The chosen background and a setter that remembers it. */
export function useFlowBackground(): [FlowBackground, (next: FlowBackground) => void] {
  const [background, setBackground] = useState(readStored);
  const choose = useCallback((next: FlowBackground) => {
    setBackground(next);
    try {
      window.localStorage.setItem(FLOW_BACKGROUND_KEY, next);
    } catch {
      // not remembered, but the page still changes colour
    }
  }, []);
  return [background, choose];
}
