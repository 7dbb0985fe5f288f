/**
 * The application's rules, shared by web, server, bot and PDF (docs/architecture.md: domain/ imports only valibot).
 * This is the one entry point of domain/; files inside it import each other directly.
 */
export * from './application-edit.schema.ts';
export * from './application-mapping.ts';
export * from './application.schema.ts';
export * from './cars.ts';
export * from './constants.ts';
export * from './contracts/cars.ts';
export * from './contracts/errors.ts';
export * from './contracts/faqs.ts';
export * from './contracts/paged.ts';
export * from './contracts/site.ts';
export * from './contracts/users.ts';
export * from './dates.ts';
export * from './enums.ts';
export * from './fields.ts';
export * from './format.ts';
export * from './masks.ts';
export * from './messages.ts';
export * from './query-params.ts';
export * from './text.ts';
export * from './us-states.ts';
export * from './wizard.schema.ts';
