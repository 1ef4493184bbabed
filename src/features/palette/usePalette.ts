import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_COMMAND_NAMESPACE, MIN_COMMAND_QUERY, type Command } from '../../../protocol';
import { useAppDispatch } from '../../store/hooks';
import { flashShown } from '../flash/flashSlice';
import {
  failureText,
  requestCommands,
  requestExecute,
  type ExecuteResult,
} from './commandRequests';

/** Typing settles this long before a command search runs (SPEC §5). */
export const COMMAND_SEARCH_DEBOUNCE_MS = 300;

type ListRequest = { namespace: string } | { q: string; namespace: string };

/**
 * One opening of the palette (SPEC §4 "Command palette"): it is mounted
 * afresh each time, so the query and selection start empty and the list
 * loads. Only the newest list or search request may change the list.
 */
export function usePalette({
  onClose,
  onExecuted,
  namespace = DEFAULT_COMMAND_NAMESPACE,
}: {
  onClose: () => void;
  onExecuted: (result: ExecuteResult) => void;
  namespace?: string;
}) {
  const dispatch = useAppDispatch();
  const [query, setQuery] = useState('');
  const [commands, setCommands] = useState<Command[]>([]);
  const [selected, setSelected] = useState(0);
  const [loading, setLoading] = useState(true);
  const [executing, setExecuting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  const closed = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const fetchList = useCallback(
    (request: ListRequest) => {
      const seq = ++latest.current;
      const settled = (list: Command[], text: string | null) => {
        if (seq !== latest.current) return;
        setCommands(list);
        setSelected(0);
        setError(text);
        setLoading(false);
      };
      requestCommands(dispatch, request).then(
        (list) => settled(list, null),
        (e: unknown) => settled([], failureText(e)),
      );
    },
    [dispatch],
  );

  useEffect(() => fetchList({ namespace }), [fetchList, namespace]);

  const load = (request: ListRequest) => {
    setLoading(true);
    setError(null);
    fetchList(request);
  };

  /** Forget pending searches and answers still on their way. */
  const settle = () => {
    clearTimeout(timer.current);
    latest.current++;
    setLoading(false);
  };

  const close = () => {
    settle();
    closed.current = true;
    onClose();
  };

  const typed = (value: string) => {
    setQuery(value);
    clearTimeout(timer.current);
    const q = value.trim();
    if (q === '') {
      load({ namespace });
    } else if (q.length >= MIN_COMMAND_QUERY) {
      timer.current = setTimeout(() => load({ q, namespace }), COMMAND_SEARCH_DEBOUNCE_MS);
    }
  };

  const moved = (step: 1 | -1) => {
    const n = commands.length;
    if (n > 0) setSelected((i) => (((i + step) % n) + n) % n);
  };

  /** Runs a command; closes on success. A failure shows in the palette, or as a flash once closed. */
  const execute = async (command: Command | undefined) => {
    if (!command || executing) return;
    settle();
    setExecuting(true);
    setError(null);
    try {
      const result = await requestExecute(dispatch, command.id, command.namespace ?? namespace);
      if (!closed.current) close();
      onExecuted(result);
    } catch (e) {
      const text = failureText(e);
      if (closed.current) dispatch(flashShown(text, 'error'));
      else setError(text);
    } finally {
      setExecuting(false);
    }
  };

  return {
    query,
    commands,
    selected,
    loading,
    executing,
    error,
    close,
    typed,
    moved,
    select: setSelected,
    execute,
  };
}

export type PaletteState = ReturnType<typeof usePalette>;
