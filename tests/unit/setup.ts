// Global setup for the unit project. Kept empty on purpose: each test builds
// its own store and fakes, so nothing is shared between files.
export {};
