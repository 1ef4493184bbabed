import type { WebSocketCtor, WebSocketLike } from '../../../src/ws/transport';

/**
 * A WebSocket stand-in driven by the test: nothing touches the network. Each
 * call of `fakeSockets()` gets its own class so tests never share sockets.
 */
export interface FakeSocket extends WebSocketLike {
  url: string;
  sent: string[];
  closeCalls: { code?: number; reason?: string }[];
  /** Parsed frames written so far. */
  frames(): { typ: string; content: unknown; envelope?: Record<string, unknown> }[];
  serverOpen(): void;
  serverSend(data: unknown): void;
  serverClose(code?: number, reason?: string, wasClean?: boolean): void;
}

export function fakeSockets() {
  const instances: FakeSocket[] = [];

  class FakeWebSocket implements FakeSocket {
    readyState = 0;
    sent: string[] = [];
    closeCalls: { code?: number; reason?: string }[] = [];
    onopen: WebSocketLike['onopen'] = null;
    onmessage: WebSocketLike['onmessage'] = null;
    onclose: WebSocketLike['onclose'] = null;
    onerror: WebSocketLike['onerror'] = null;

    constructor(readonly url: string) {
      instances.push(this);
    }

    send(data: string): void {
      if (this.readyState !== 1) throw new Error('InvalidStateError: not open');
      this.sent.push(data);
    }

    // Like a real socket, close() does not report synchronously; tests call serverClose().
    close(code?: number, reason?: string): void {
      this.closeCalls.push({ code, reason });
      this.readyState = 2;
    }

    frames() {
      return this.sent.map((text) => JSON.parse(text));
    }

    serverOpen(): void {
      this.readyState = 1;
      this.onopen?.({});
    }

    serverSend(data: unknown): void {
      this.onmessage?.({ data });
    }

    serverClose(code = 1006, reason = '', wasClean = false): void {
      this.readyState = 3;
      this.onclose?.({ code, reason, wasClean });
    }
  }

  const WebSocketImpl: WebSocketCtor = FakeWebSocket;
  return {
    WebSocketImpl,
    instances,
    /** The most recent socket; fails the test if none was opened. */
    last(): FakeSocket {
      const socket = instances[instances.length - 1];
      if (!socket) throw new Error('no socket was opened');
      return socket;
    },
  };
}
