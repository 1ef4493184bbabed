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
 * The command selected when a list arrives: the first that destroys nothing,
 * or none (-1), so Enter on a fresh list never runs a destructive command.
 */
export function defaultSelection(commands: Command[]): number {
  return commands.findIndex((c) => !c.destructive);
}

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
  const [selected, setSelected] = useState(-1);
  /** A destructive command waiting for the person to confirm it. */
  const [confirming, setConfirming] = useState<Command | null>(null);
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
        setSelected(defaultSelection(list));
        setConfirming(null);
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
    if (n === 0) return;
    setSelected((i) => (i < 0 ? (step > 0 ? 0 : n - 1) : (((i + step) % n) + n) % n));
  };

  /**
   * Runs a command; closes on success. A failure shows in the palette, or as
   * a flash once closed. A destructive command asks first (confirmed: true
   * is the person's answer).
   */
  const execute = async (command: Command | undefined, confirmed = false) => {
    if (!command || executing) return;
    if (command.destructive && !confirmed) {
      setConfirming(command);
      return;
    }
    setConfirming(null);
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
    confirming,
    confirm: () => void execute(confirming ?? undefined, true),
    cancelConfirm: () => setConfirming(null),
  };
}

export type PaletteState = ReturnType<typeof usePalette>;
