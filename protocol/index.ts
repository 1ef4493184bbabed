export * from './frame';
export * from './entities';
export * from './clientMessages';
export * from './serverMessages';
export * from './codec';
export * from './rest';
export * from './timing';
export * from './audio';
