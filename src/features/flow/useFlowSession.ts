import { useEffect } from 'react';
import { FLOW_START_EVENT } from '../../../protocol';
import { useAppDispatch } from '../../store/hooks';
import { cogInitRegistered, cogInitUnregistered } from '../../ws/cogActions';
import { flowClosed, flowOpened } from './flowSlice';

export const FLOW_INIT_KEY = 'flow';

/** Starts (or, after a reload or reconnect, resumes) the flow on every connect. */
export function useFlowSession(flowid: string | null) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!flowid) return;
    dispatch(flowOpened({ flowid }));
    dispatch(
      cogInitRegistered({
        key: FLOW_INIT_KEY,
        frames: [{ typ: 'flow.event', content: { event_handler: FLOW_START_EVENT, flowid } }],
      }),
    );
    return () => {
      dispatch(cogInitUnregistered({ key: FLOW_INIT_KEY }));
      dispatch(flowClosed());
    };
  }, [dispatch, flowid]);
}
