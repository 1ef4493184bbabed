/** The seeded welcome meeting of a world. */
export const welcomeWorkspaceId = (worldId: string) => `${worldId}-welcome`;
