/**
 * What a caller of a remote app's cog is told when the app cannot answer. One
 * place, so a call that crossed to another instance fails in the same words
 * as one made where the app's socket is.
 */

export const appNotConnected = (appName: string) => new Error(`App "${appName}" is not connected`);

export const appDisconnected = (appName: string) => new Error(`App "${appName}" disconnected`);

/** `where` is `app/module/cog`. */
export const appCallTimedOut = (where: string, timeoutMs: number) =>
  new Error(`${where} did not answer within ${timeoutMs / 1000} s`);
