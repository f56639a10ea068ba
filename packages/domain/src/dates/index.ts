export * from './date-filters.ts';
export * from './periods.ts';
export * from './person-dates.ts';
export * from './plain-date.ts';
export * from './statement-periods.ts';
