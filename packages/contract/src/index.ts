export * from './messages.js';
export * from './constants.js';
export * from './common.js';
export * from './status.js';
export * from './account.js';
export * from './server-answers.js';
export * from './market.js';
