/** What sagas get from the app through the saga context (no imports of the router). */
export type Navigate = (to: string) => void | Promise<void>;

export interface SagaContext {
  navigate: Navigate;
}
