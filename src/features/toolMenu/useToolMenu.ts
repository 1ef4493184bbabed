import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { WorkspaceTool } from '../../../protocol';
import { useAppDispatch } from '../../store/hooks';
import { matchingTools } from './schemaForm';
import { callWorkspaceTool, fetchWorkspaceTools } from './toolMenuApi';

/** The text typed in the message box that opens the / menu: a slash, then words to look for. */
const SLASH = /^\/(\S*(?: \S+)*)$/;

/**
 * The / menu's state for the message box: open while the text is a slash
 * command, the workspace's tools loaded each time it opens, the one the
 * arrows point at, the tool picked (its form open) and whether it runs.
 * Driven by the box's events (onTextChange, onKeyDown), never by effects.
 */
export function useToolMenu(workspaceId: string | null) {
  const dispatch = useAppDispatch();
  const [query, setQuery] = useState<string | undefined>(undefined);
  const [dismissed, setDismissed] = useState(false);
  const [tools, setTools] = useState<WorkspaceTool[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [picked, setPicked] = useState<WorkspaceTool | null>(null);
  const [running, setRunning] = useState(false);
  const loads = useRef(0);
  const open = query !== undefined && !dismissed;

  /** Each opening asks again: providers may have been chosen since, a server changed its tools. */
  const load = () => {
    const mine = ++loads.current;
    setTools(null);
    setError(null);
    fetchWorkspaceTools(dispatch).then(
      (list) => mine === loads.current && setTools(list),
      (e: unknown) =>
        mine === loads.current && setError(e instanceof Error ? e.message : String(e)),
    );
  };

  /** The box's text changed: the menu opens on a slash command, follows it, closes without one. */
  const onTextChange = (text: string) => {
    const next = workspaceId ? SLASH.exec(text)?.[1] : undefined;
    if (next === undefined) setDismissed(false);
    else if (query === undefined) load();
    if (next !== query) setActive(0);
    setQuery(next);
  };

  const shown = useMemo(() => matchingTools(tools ?? [], query ?? ''), [tools, query]);

  const pick = (tool: WorkspaceTool) => {
    setPicked(tool);
    setQuery(undefined);
  };

  /** The menu's keys: 'picked' a tool, 'handled' another key, or false (the box acts on it). */
  const onKeyDown = (e: KeyboardEvent): 'picked' | 'handled' | false => {
    if (!open) return false;
    let took: 'picked' | 'handled' = 'handled';
    if (e.key === 'Escape') {
      setDismissed(true);
    } else if (e.key === 'ArrowDown' && shown.length) {
      setActive((a) => (a + 1) % shown.length);
    } else if (e.key === 'ArrowUp' && shown.length) {
      setActive((a) => (a - 1 + shown.length) % shown.length);
    } else if ((e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey && shown[active]) {
      pick(shown[active]);
      took = 'picked';
    } else if (e.key === 'Enter' && !e.shiftKey) {
      // Nothing to pick: a slash command is not sent as a question.
    } else return false;
    e.preventDefault();
    return took;
  };

  const run = async (args: Record<string, unknown>): Promise<boolean> => {
    if (!picked) return false;
    setRunning(true);
    try {
      await callWorkspaceTool(dispatch, picked.name, args);
      setPicked(null);
      return true;
    } catch {
      // The workspace saw why as 'Tool error: …'; the form stays to try again.
      return false;
    } finally {
      setRunning(false);
    }
  };

  return {
    open,
    tools: shown,
    loading: open && tools === null && !error,
    error,
    active,
    picked,
    running,
    pick,
    onKeyDown,
    onTextChange,
    run,
    closeForm: () => setPicked(null),
  };
}
