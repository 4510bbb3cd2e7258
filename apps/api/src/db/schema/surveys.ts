// The survey tables, split by concern; imports of './surveys' keep working.
export * from './survey-structure';
export * from './survey-collection';
