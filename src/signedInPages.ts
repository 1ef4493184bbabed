/**
 * What only signed-in pages use, fetched as one lazy chunk when a signed-in
 * route matches (features/auth/signedInCode.tsx), never by /login (DESIGN
 * §8): the store's signed-in parts (slices, socket, sagas, dictation) and the
 * world routes around every signed-in screen.
 */
export { addSignedInParts } from './store/signedInParts';
export { ActiveWorldRoute, PathWorldRoute, ToActiveWorld } from './features/world/WorldRoute';
