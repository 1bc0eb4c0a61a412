export * from './audit.ts';
export * from './identity.ts';
export * from './master-data.ts';
export * from './platform.ts';
export * from './teams.ts';
export * from './clients.ts';
export * from './fee-schedules.ts';
export * from './search.ts';
