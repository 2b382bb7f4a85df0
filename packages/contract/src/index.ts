export * from './messages.js';
export * from './constants.js';
export * from './common.js';
export * from './status.js';
export * from './account.js';
