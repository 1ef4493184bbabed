import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

// What the hub and the audio socket need of admission; auth/socketAdmission.ts
// implements it over the store's sessions and app.ts hands it in, so the kernel
// never imports auth.

/** A browser socket let in: who and where, and whether it may still be used. */
export interface AdmittedBrowser {
  userId: string;
  worldId: string;
  /**
   * Re-checks the session and world access; false once either has ended (the
   * socket is then closing with 4401 / 4403). Awaited before each frame.
   */
  admits(): Promise<boolean>;
}

/**
 * Admission of the browser sockets (cog and audio), in two halves so that no
 * frame is missed: `check` runs in the route's preValidation hook and awaits
 * the store (the page's Origin, then the session and the world); `admit`
 * runs when the socket is open and acts on that answer at once, closing the
 * socket with 4401 / 4403 or watching it until it closes.
 */
export interface BrowserAdmission {
  check(req: FastifyRequest): Promise<void>;
  admit(socket: WebSocket, req: FastifyRequest): AdmittedBrowser | undefined;
}
